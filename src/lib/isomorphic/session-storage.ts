// What a page keeps for this tab in sessionStorage: the notice left for the page that loads next
// (browser-navigation.ts) and the booking form's unsent answers (pages/reservations/new/draft.ts). A browser that
// refuses the storage (turned off, full) only loses what would have been kept: a read answers null, a write does nothing.

/** The value kept under `key`, or null; `take` removes it as it is read. */
export function readSession(key: string, take = false): string | null {
  try {
    const value = window.sessionStorage.getItem(key);
    if (take) window.sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; null removes it. */
export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused: nothing is kept.
  }
}
