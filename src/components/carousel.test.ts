import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Carousel } from './Carousel';

/** The carousel as the server writes it into the experience page (the browser hydrates the same markup). */
function rendered(images: { url: string; alt?: string | null }[]) {
  return renderToStaticMarkup(createElement(Carousel, { images, alt: '藍染め & "手ぬぐい"', autoAdvanceMs: 3000 }));
}

describe('the carousel', () => {
  it("writes each photo's alt text, and 「{title}の写真{n}」 for a photo without one", () => {
    const html = rendered([
      { url: '/uploads/a.svg', alt: '藍甕に布を浸す <職人> の手元' },
      { url: '/uploads/b.svg' },
      { url: '/uploads/c.svg', alt: null },
    ]);
    const alts = [...html.matchAll(/<img [^>]*alt="([^"]*)"/g)].map((match) => match[1]);
    expect(alts).toEqual([
      '藍甕に布を浸す &lt;職人&gt; の手元',
      '藍染め &amp; &quot;手ぬぐい&quot;の写真2',
      '藍染め &amp; &quot;手ぬぐい&quot;の写真3',
    ]);
  });

  it('names its auto-advance toggle with one label and says its state with aria-pressed only', () => {
    const html = rendered([{ url: '/uploads/a.svg' }, { url: '/uploads/b.svg' }]);
    const toggle = /<button[^>]*data-testid="carousel-toggle"[^>]*>([^<]*)<\/button>/.exec(html);
    expect(toggle?.[1]).toBe('自動再生を停止');
    expect(toggle?.[0]).toContain('aria-pressed="false"');
    expect(toggle?.[0]).not.toContain('aria-label');
  });
});
