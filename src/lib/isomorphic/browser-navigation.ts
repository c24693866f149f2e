// How a page moves on in the browser. The site uses Vike's server routing (pages/+config.ts): every
// navigation is a full page load, and nothing imports `vike/client/router` (biome.jsonc refuses it in browser code).
// After a form succeeds a page calls goTo(next page), or reloadPage() to show the saved state.

/**
 * Loads `url` as a new page. The promise settles only if this page comes back from the back/forward cache, so a form
 * awaiting it stays "submitting" (its button aria-disabled) until the next page replaces this one. `notice`, when given,
 * is shown by that page (by the layout, or by the page itself when it reads it with useReloadNotice()).
 */
export function goTo(url: string, notice?: string): Promise<void> {
  if (notice !== undefined) {
    const next = new URL(url, window.location.href);
    keepNotice(`${next.pathname}${next.search}`, notice);
  }
  return leave(() => window.location.assign(url));
}

/**
 * Loads the current page again (its data from the server; the browser keeps the scroll position). `notice`, when
 * given, is shown by the reloaded page: read it with useReloadNotice() (src/components/use-reload-notice.ts).
 */
export function reloadPage(notice?: string): Promise<void> {
  if (notice !== undefined) keepNotice(`${window.location.pathname}${window.location.search}`, notice);
  return leave(() => window.location.reload());
}

/**
 * The notice reloadPage() or goTo() left for this page, once. Pages read it through useReloadNotice(), whose effect
 * keeps it through React's strict mode (tests/api/source-rules.test.ts holds every other caller off).
 */
export function takeReloadNotice(): string | null {
  try {
    const key = noticeKey(`${window.location.pathname}${window.location.search}`);
    const notice = window.sessionStorage.getItem(key);
    if (notice !== null) window.sessionStorage.removeItem(key);
    return notice;
  } catch {
    return null;
  }
}

/** The storage key of the notice for the page at `pathAndSearch`. */
function noticeKey(pathAndSearch: string): string {
  return `reload-notice:${pathAndSearch}`;
}

function keepNotice(pathAndSearch: string, notice: string): void {
  try {
    window.sessionStorage.setItem(noticeKey(pathAndSearch), notice);
  } catch {
    // Storage disabled: the page loads without the notice.
  }
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
