// What a page keeps for this tab in sessionStorage: the notice left for the page that loads next
// (browser-navigation.ts) and the booking form's unsent answers (pages/reservations/new/draft.ts).

/**
 * `use` run on this tab's sessionStorage. A browser that refuses the storage (turned off, full) only loses what
 * would have been kept: what `use` throws, that refusal included, answers null.
 */
export function withSession<T>(use: (storage: Storage) => T): T | null {
  try {
    return use(window.sessionStorage);
  } catch {
    return null;
  }
}
