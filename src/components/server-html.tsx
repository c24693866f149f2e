// A part of a page that the server renders and the browser never renders or hydrates: text and links without
// interactivity (an experience's description, its details). The server passes the part's HTML (rendered beforehand,
// e.g. with renderToStaticMarkup) as `html`; the element is written with it as its inner HTML. In the browser the
// page passes nothing: the element gets an empty inner HTML, which React does not compare or write while hydrating, so
// the server's HTML stays, and the part's components and the data only they read need not be in the browser at all.
//
// Only the element itself (its tag and attributes) is hydrated, so those must be the same on both sides; its content
// is the server's. Pages are full loads (server routing), so the browser always starts from the server's HTML. On a
// re-render of the page (a selected slot) React writes an element's inner HTML only when its `__html` string changes,
// and the browser's is always '': the server's content stays (tests/e2e/server-html.test.ts); the component is
// memoised besides, so such a re-render does not reach it at all.
import { createElement, memo } from 'react';

const SERVER_CONTENT = { __html: '' };

export interface ServerHtmlProps {
  as: 'div' | 'section' | 'nav' | 'p';
  /** The part's inner HTML on the server; undefined in the browser. */
  html: string | undefined;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

function ServerHtmlElement({ as, html, ...attributes }: ServerHtmlProps) {
  return createElement(as, {
    ...attributes,
    dangerouslySetInnerHTML: html === undefined ? SERVER_CONTENT : { __html: html },
    suppressHydrationWarning: true,
  });
}

export const ServerHtml = memo(ServerHtmlElement);
