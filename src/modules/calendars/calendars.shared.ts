// The calendar limits the pages read, zod-free: the experience page's slot list imports this file, not
// calendars.schemas.ts, so it carries no zod. The schemas re-export both.

/** The window the pages fetch per step (today .. today + 30, then the next 31 days, ...). */
export const DEFAULT_WINDOW_DAYS = 31;
/** Spec §9: simultaneous reservation limit. */
export const MAX_SELECTED_SLOTS = 30;
