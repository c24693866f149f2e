// The experience page writes its head as a string (seoHeadHtml); other pages render SeoHead with React. Both must
// give the same markup, escaping included.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeoHead, type SeoHeadProps, seoHeadHtml } from './SeoHead';

const cases: SeoHeadProps[] = [
  { url: 'https://tabitoko.example/stories/7', type: 'article', hasImage: true, structuredData: { name: '陶芸 </script> & "体験"' } },
  { url: `https://tabitoko.example/x?a=1&b="2"&c='<3>'`, noindex: true },
  { url: 'http://localhost:3000/users/2' },
];

describe('seoHeadHtml', () => {
  it('writes the markup React renders for SeoHead', () => {
    for (const props of cases) expect(seoHeadHtml(props)).toBe(renderToStaticMarkup(createElement(SeoHead, props)));
  });

  it('escapes the URL in its attributes and `<` in the JSON-LD', () => {
    expect(seoHeadHtml(cases[1])).toContain(
      '<link rel="canonical" href="https://tabitoko.example/x?a=1&amp;b=&quot;2&quot;&amp;c=&#x27;&lt;3&gt;&#x27;"/>',
    );
    expect(seoHeadHtml(cases[1])).toContain('<meta name="robots" content="noindex"/>');
    expect(seoHeadHtml(cases[0])).toContain('"name":"陶芸 \\u003c/script> & \\"体験\\""');
    expect(seoHeadHtml(cases[0])).not.toContain('twitter:card');
  });
});
