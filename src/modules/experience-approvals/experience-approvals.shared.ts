// Zod-free constants of the approval queue: the schema, the admin page and the CLI's option choices use these, and
// the CLI defines its options without loading zod. Isomorphic.

/** The queue's age filter: waiting more than this many days since the request (the experience's last save). */
export const PENDING_WAITING_DAYS = ['3', '7'] as const;
