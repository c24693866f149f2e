import { createElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import { describe, expect, it } from 'vitest';
import { FavoriteHeart, heartsHtml } from './FavoriteHeart';

const experience = { id: 7, title: '藍染め & "手ぬぐい"' };

function rendered(signedIn: boolean, initial: boolean) {
  const pageContext = { user: signedIn ? { id: 1 } : null, urlOriginal: '/stories?page=2' };
  const provider = VikeReactProviderPageContext as (props: { pageContext: unknown; children?: ReactNode }) => ReactElement;
  return renderToStaticMarkup(createElement(provider, { pageContext }, createElement(FavoriteHeart, { experience, initial })));
}

/** The element's tag and its attributes in name order (the two writers may order them differently). */
function normalised(html: string) {
  const tag = /^<(\w+)/.exec(html)?.[1];
  const attributes = [...html.matchAll(/ ([\w-]+)="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`).sort();
  return { tag, attributes, closed: html.endsWith(`></${tag}>`) };
}

describe('the heart', () => {
  it('is named by its experience, and the string of the /stories cards is what React renders', () => {
    for (const signedIn of [true, false]) {
      for (const initial of [true, false]) {
        const html = heartsHtml(initial ? [7] : [], signedIn, '/stories?page=2')(experience);
        expect(normalised(html)).toEqual(normalised(rendered(signedIn, initial)));
      }
    }
    expect(rendered(true, false)).toContain('aria-label="『藍染め &amp; &quot;手ぬぐい&quot;』をお気に入り"');
    expect(rendered(true, true)).toContain('aria-pressed="true"');
    expect(rendered(false, false)).toContain('aria-label="ログインして『藍染め &amp; &quot;手ぬぐい&quot;』をお気に入りに追加"');
  });
});
