// How a page moves on in the browser. The site uses Vike's server routing (pages/+config.ts): every
// navigation is a full page load, and nothing imports `vike/client/router` (biome.jsonc refuses it in browser code).
// After a form succeeds a page calls goTo(next page), or reloadPage() to show the saved state.

/**
 * Loads `url` as a new page. The promise settles only if this page comes back from the back/forward cache, so a form
 * awaiting it stays "submitting" (its button disabled) until the next page replaces this one.
 */
export function goTo(url: string): Promise<void> {
  return leave(() => window.location.assign(url));
}

/**
 * Loads the current page again (its data from the server; the browser keeps the scroll position). `notice`, when
 * given, is shown by the reloaded page: read it once with takeReloadNotice().
 */
export function reloadPage(notice?: string): Promise<void> {
  if (notice !== undefined) {
    try {
      window.sessionStorage.setItem(noticeKey(), notice);
    } catch {
      // Storage disabled: the page reloads without the notice.
    }
  }
  return leave(() => window.location.reload());
}

/** The notice reloadPage() left for this page, once (call it in an effect: the server render has none). */
export function takeReloadNotice(): string | null {
  try {
    const key = noticeKey();
    const notice = window.sessionStorage.getItem(key);
    if (notice !== null) window.sessionStorage.removeItem(key);
    return notice;
  } catch {
    return null;
  }
}

function noticeKey(): string {
  return `reload-notice:${window.location.pathname}${window.location.search}`;
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
