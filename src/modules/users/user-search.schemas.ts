// GET /api/v1/users?q=&exclude_ambassador_id= (admin user pickers). Browser-safe.
import { z } from 'zod';
import { ja } from '#src/i18n/ja';

export const USER_SEARCH_LIMIT = 20;
export const USER_SEARCH_Q_MAX = 100;

const optionalId = z.preprocess(
  (value) =>
    value === undefined || value === '' ? undefined : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value,
  z.number({ error: ja.errors.invalidId }).int({ error: ja.errors.invalidId }).min(1, { error: ja.errors.invalidId }).optional(),
);

export const userSearchQuerySchema = z.object({
  q: z
    .string({ error: ja.validation.maxLength('検索語', USER_SEARCH_Q_MAX) })
    .trim()
    .max(USER_SEARCH_Q_MAX, ja.validation.maxLength('検索語', USER_SEARCH_Q_MAX))
    .optional()
    .transform((v) => (v ?? '').replaceAll('\u0000', '')),
  /** Leave out the users already members of this ambassador (the member-add dropdown). */
  exclude_ambassador_id: optionalId,
});
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;

/** The spec's user search result: "ID: name" in the dropdown. */
export interface UserSearchResult {
  id: number;
  name: string;
}

export interface UserSearchResponse {
  users: UserSearchResult[];
}
