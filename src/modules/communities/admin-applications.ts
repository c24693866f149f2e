// The administrators' list of community applications (docs/decisions/admin-lists.md): every community's, those of a
// community without a brand included, which no brand member reads. The detail and the 対応済み/未対応 toggle are
// community-applications.ts's (the portal's rule, another door). The communities service answers with this; server-only.
import { requireAdmin, type Ctx } from '#src/lib/context';
import { parseInput } from '#src/lib/isomorphic/validate';
import { inIdOrder, listKeywordText, pageOfIds, Where } from '#src/lib/list-sql';
import { readRows, readStatement } from '#src/lib/read-sql';
import { BRAND_COMMUNITY_IDS_SQL, brandsOfCommunities } from '#src/modules/brands/brands.repository';
import {
  ADMIN_APPLICATION_CHOICES,
  ADMIN_APPLICATIONS_PAGE_SIZE,
  adminApplicationListQuerySchema,
  type AdminApplicationListQuery,
  type AdminApplicationListResponse,
} from './community-list.schemas';
import { applicationRow } from './community-lists';

/** The page's application rows by id, with their community's name. */
const ROWS = readStatement(
  `SELECT a.id, a.community_id, c.name AS community_name, a.full_name, a.created_at, a.resolved
     FROM community_applications a JOIN communities c ON c.id = a.community_id
    WHERE a.id = ANY(?::int[])`,
);

/**
 * The filters' choices in one statement: the communities that have applications and the brands that have
 * communities, each newest first and at most ADMIN_APPLICATION_CHOICES, the one the URL names (if any) always among
 * them, so the select shows the filter the list applies. The named one is read by its key apart from the others: an
 * `OR` of the two in one WHERE made PostgreSQL hash every application's community id on each call (a scan of the whole
 * table) instead of walking the communities newest first and probing each one's applications until it has enough.
 */
const choicesOf = (kind: 'community' | 'brand', table: string, exists: string) =>
  `(SELECT '${kind}' AS kind, id, name, created_at FROM (
      (SELECT p.id, p.name, p.created_at, true AS named FROM ${table} p WHERE p.id = ?::int)
      UNION ALL
      (SELECT p.id, p.name, p.created_at, false FROM ${table} p WHERE ${exists} AND p.id IS DISTINCT FROM ?::int
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${ADMIN_APPLICATION_CHOICES})
    ) choices ORDER BY named DESC, created_at DESC, id DESC LIMIT ${ADMIN_APPLICATION_CHOICES})`;
const CHOICES = readStatement(
  `${choicesOf('community', 'communities', 'EXISTS (SELECT 1 FROM community_applications a WHERE a.community_id = p.id)')}
   UNION ALL
   ${choicesOf('brand', 'brands', 'EXISTS (SELECT 1 FROM brand_communities bc WHERE bc.brand_id = p.id)')}`,
);

interface Row {
  id: number;
  community_id: number;
  community_name: string;
  full_name: string;
  created_at: Date;
  resolved: boolean;
}

interface Choice {
  kind: 'community' | 'brand';
  id: number;
  name: string;
  created_at: Date;
}

/** Choices newest first (the statement reads the one the URL names first, so its bound never leaves it out). */
const newestFirst = (rows: Choice[]) =>
  rows
    .sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id - a.id)
    .map((row) => ({ id: Number(row.id), name: row.name }));

/**
 * GET /api/v1/admin/community-applications?page=&q=&community_id=&brand_id=&handled=&since=&until= (ADMIN): every
 * community's applications, newest first, with each one's community brands; unknown ids find nothing.
 */
export async function adminApplicationList(ctx: Ctx, input: AdminApplicationListQuery): Promise<AdminApplicationListResponse> {
  requireAdmin(ctx);
  const query = parseInput(adminApplicationListQuerySchema, input);
  const where = new Where();
  if (query.community_id !== undefined) where.add('a.community_id = ?', query.community_id);
  // A brand's communities as the portal scopes them (an array read from brand_communities' index); ブランドなし: the
  // communities' partial index of those without one (brand_count, kept by a trigger on brand_communities). Each
  // community's applications are then read through the (community_id, created_at, id) index.
  if (query.brand_id === 'none') where.add('a.community_id = ANY(ARRAY(SELECT c.id FROM communities c WHERE c.brand_count = 0))');
  else if (query.brand_id !== undefined) where.add(`a.community_id = ANY(${BRAND_COMMUNITY_IDS_SQL})`, query.brand_id);
  if (query.handled !== undefined) where.add('a.resolved = ?', query.handled);
  where.keyword(listKeywordText('a'), query.q).days('a.created_at', query);
  const { ids, meta } = await pageOfIds(
    ctx,
    {
      from: 'community_applications a',
      id: 'a.id',
      where,
      order: [
        ['a.created_at', 'DESC'],
        ['a.id', 'DESC'],
      ],
      size: ADMIN_APPLICATIONS_PAGE_SIZE,
    },
    query.page,
  );
  const communityId = query.community_id ?? null;
  const brandId = typeof query.brand_id === 'number' ? query.brand_id : null;
  const [rows, choices] = await Promise.all([
    ids.length ? readRows<Row>(ctx.sql, ROWS, [ids]) : Promise.resolve([]),
    readRows<Choice>(ctx.sql, CHOICES, [communityId, communityId, brandId, brandId]),
  ]);
  const ordered = inIdOrder(ids, rows);
  const brandsOf = await brandsOfCommunities(ctx.sql, [...new Set(ordered.map((row) => Number(row.community_id)))]);
  return {
    community_applications: ordered.map((row) => ({
      ...applicationRow({
        id: row.id,
        community: { id: Number(row.community_id), name: row.community_name },
        fullName: row.full_name,
        createdAt: row.created_at,
        resolved: row.resolved,
      }),
      brands: brandsOf.get(Number(row.community_id)) ?? [],
    })),
    communities: newestFirst(choices.filter((row) => row.kind === 'community')),
    brands: newestFirst(choices.filter((row) => row.kind === 'brand')),
    meta,
  };
}
