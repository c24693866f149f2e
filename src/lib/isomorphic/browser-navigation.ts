// How a page moves on in the browser. The site uses Vike's server routing (pages/+config.ts): every
// navigation is a full page load, and nothing imports `vike/client/router` (biome.jsonc refuses it in browser code).
// After a form succeeds a page calls goTo(next page), or reloadPage() to show the saved state.
import { withSession } from './session-storage';

/**
 * Loads `url` as a new page. The promise settles only if this page comes back from the back/forward cache, so a form
 * awaiting it stays "submitting" (its button aria-disabled) until the next page replaces this one. `notice`, when given,
 * is shown by that page (by the layout, or by the page itself when it reads it with useReloadNotice()).
 */
export function goTo(url: string, notice?: string): Promise<void> {
  if (notice !== undefined) keepNotice(noticeKey(new URL(url, window.location.href), 'success'), notice);
  return leave(() => window.location.assign(url));
}

/**
 * What a notice left for the next page says: what was done ('success', shown by the layout when the page does not
 * show it itself), or why an action was refused ('error': only for a page that reads it, useReloadNotice(true, 'error')).
 */
export type NoticeKind = 'success' | 'error';

/**
 * Loads the current page again (its data from the server; the browser keeps the scroll position). `notice`, when
 * given, is shown by the reloaded page: read it with useReloadNotice() (src/components/use-reload-notice.ts).
 */
export function reloadPage(notice?: string, kind: NoticeKind = 'success'): Promise<void> {
  if (notice !== undefined) keepNotice(noticeKey(window.location, kind), notice);
  return leave(() => window.location.reload());
}

/**
 * The notice of this `kind` reloadPage() or goTo() left for this page, once. Pages read it through useReloadNotice(),
 * whose effect keeps it through React's strict mode (tests/api/source-rules.test.ts holds every other caller off).
 */
export function takeReloadNotice(kind: NoticeKind = 'success'): string | null {
  const key = noticeKey(window.location, kind);
  return withSession((storage) => {
    const notice = storage.getItem(key);
    storage.removeItem(key);
    return notice;
  });
}

/** The storage key of the notice of `kind` for the page at `url` (its path and query). */
function noticeKey(url: URL | Location, kind: NoticeKind): string {
  return `reload-notice:${kind}:${url.pathname}${url.search}`;
}

function keepNotice(key: string, notice: string): void {
  withSession((storage) => storage.setItem(key, notice));
}

function leave(go: () => void): Promise<void> {
  return new Promise((resolve) => {
    window.addEventListener(
      'pageshow',
      (event) => {
        if (event.persisted) resolve();
      },
      { once: true },
    );
    go();
  });
}
