// Zod-free constants of the operators' refund list: the schema and the CLI's option choices use these, and the CLI
// defines its options without loading zod. Isomorphic.
export const REFUND_LIST_STATUSES = ['pending', 'succeeded'] as const;
