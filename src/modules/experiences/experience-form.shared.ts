// The host experience form's limits and choices, zod-free: the form's sections, the entity and the schemas read
// them (experiences.host.schemas.ts, experience-options.schemas.ts, the drafts' and the slots' schemas).

/** Limits of the form (spec §9) and maximum lengths decided here (the spec leaves text lengths open). */
export const HOST_LIMITS = {
  title: 100,
  priceSideNote: 1000,
  description: 5000,
  inspiration: 5000,
  note: 5000,
  reservationNotice: 2000,
  address: 255,
  onlineUrl: 1000,
  optionName: 255,
  optionDescription: 1000,
  themes: 3,
  options: 5,
  images: 3,
  /** A photo's alt text (one line; the images.alt column's length). */
  imageAlt: 120,
  recruitmentMin: 1,
  recruitmentMax: 30,
  /** Yen per person; the form's price inputs refuse more. */
  priceMax: 10_000_000,
  /** Slots per request (a daily rule over 3 months makes 92): keeps one request bounded. */
  calendars: 500,
  recurrenceRules: 20,
} as const;

export const RESERVATION_DEADLINE_CHOICES = ['on_the_day', 'the_day_before'] as const;
export type ReservationDeadline = (typeof RESERVATION_DEADLINE_CHOICES)[number];
/** Cancellation policy ids: full refund until that many days before (ARCHITECTURE.md). */
export const CANCELLATION_PERIOD_CHOICES = [2, 7, 30] as const;
