// GET /api/v1/users?q=&exclude_ambassador_id= (admin user pickers). Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { idJson } from '#src/lib/isomorphic/validate';

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

export const userSearchResponseSchema = z
  .object({ users: z.array(z.object({ id: idJson(), name: z.string() })).max(USER_SEARCH_LIMIT) })
  .meta({ id: 'UserSearchResponse', description: `名前で見つかった利用者（最大 ${USER_SEARCH_LIMIT} 件）` });
export type UserSearchResponse = z.output<typeof userSearchResponseSchema>;
export type UserSearchResult = UserSearchResponse['users'][number];
