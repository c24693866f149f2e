// A part of a page that the server renders and the browser never renders or hydrates: text and links without
// interactivity (an experience's description, its details). The server passes the part's HTML (rendered beforehand,
// e.g. with renderToStaticMarkup) as `html`; the element is written with it as its inner HTML. In the browser the
// page passes nothing, and the part's components and the data only they read need not be in the browser at all.
//
// Only the element itself (its tag and attributes, `data-server-html` naming it) is hydrated, so those must be the
// same on both sides. Its content is the server's: in the browser the element's inner HTML is the one already in the
// document under that name, which React neither compares nor writes while hydrating. Pages are full loads (server
// routing), so the browser starts from the server's HTML; should React ever render the page afresh in the browser
// (after a hydration error), the element is still filled from the document it replaces. On a re-render (a selected
// slot) React writes an element's inner HTML only when its `__html` string changes, and the component is memoised, so
// the content stays as sent (tests/e2e/server-html.test.ts).
//
// Instead of `html`, the server may pass the part's content as `children`, rendered in the page's own render (no
// second render to a string, and the components may read the page context, as the cards' hearts do); the browser
// passes neither, as above.
//
// A part made as one string can also be written into the page's bytes after the render: on the server the page
// passes `html={lateHtmlMarker(name)}` and puts the part's HTML in its server-only part's `lateHtml[name]`;
// server/inline-css.ts writes it in place of the marker. Its markup then goes through neither React's render nor
// Vike's passes over the document (the /stories cards: most of that page's markup; the experience page's parts and
// head tags).
import { createElement, memo, type ReactNode } from 'react';

export interface ServerHtmlProps {
  as: 'div' | 'section' | 'nav' | 'p' | 'ul';
  /** The part's name, unique on the page (its `data-server-html`). */
  name: string;
  /** The part's inner HTML on the server; undefined in the browser. */
  html?: string;
  /** The part's content as elements, on the server only (instead of `html`). */
  children?: ReactNode;
  className?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

/** In the browser: the part's HTML as the document holds it ('' where there is none). */
function documentHtml(name: string): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector(`[data-server-html="${name}"]`)?.innerHTML ?? '';
}

function ServerHtmlElement({ as, name, html, children, ...attributes }: ServerHtmlProps) {
  if (html === undefined && children !== undefined && children !== null && children !== false)
    return createElement(as, { ...attributes, 'data-server-html': name }, children);
  return createElement(as, {
    ...attributes,
    'data-server-html': name,
    dangerouslySetInnerHTML: { __html: html ?? documentHtml(name) },
    suppressHydrationWarning: true,
  });
}

export const ServerHtml = memo(ServerHtmlElement);

/**
 * A page's server-only part of its page context: what its +onBeforeRender puts in `serverOnly`, which is not in
 * passToClient (pages/+config.ts), so it is set on the server and undefined in the browser. The page's parts read it
 * to render on the server what the browser keeps as sent (ServerHtml's `html` or `children`).
 */
export function serverOnlyPart<T>(pageContext: object): T | undefined {
  return (pageContext as { serverOnly?: T }).serverOnly;
}

/**
 * The name of the late part that holds the page's whole HTML from React's render (pages/+onAfterRenderHtml.ts); the
 * page's own late parts are written into it (server/inline-css.ts).
 */
export const PAGE_HTML = 'page-html';

/** The marker a late part leaves in the render, replaced by the part's HTML (`lateHtml[name]`) when the page is sent. */
export function lateHtmlMarker(name: string): string {
  return `<!--late-html:${name}-->`;
}
