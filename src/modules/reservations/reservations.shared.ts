// Zod-free constants of the reservations: the schemas use these, and so do the booking form (whose first load must
// not bring zod to the browser) and the CLI's option choices (the CLI defines its options without loading zod).
// Isomorphic, and without texts: the booking form's first load carries what it imports from here.

/** The longest message a guest sends the host with a booking. */
export const MESSAGE_TO_HOST_MAX = 1000;

/** A reservation's states (the column's enum; the admin list's status filter). */
export const RESERVATION_STATUSES = ['pending', 'requires_action', 'confirmed', 'failed', 'expired', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** The operators' refund list's status filter. */
export const REFUND_LIST_STATUSES = ['pending', 'succeeded'] as const;

/** What an operator's cancellation gives back: everything, or what the cancellation policy gives now. */
export const OPERATOR_REFUNDS = ['full', 'policy'] as const;
