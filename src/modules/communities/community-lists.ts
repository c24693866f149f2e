// The communities' lists with their search and filters (docs/decisions/admin-lists.md): the admin's list and its
// ブランド設定, and the brand portal's communities and applications. The communities service answers with these; server-only.
import { requireAdmin, requireBrandMember, type Ctx, withEm } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import type { ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { bigramKeyword, inIdOrder, type ListOrder, listKeywordText, pageOfIds, Where } from '#src/lib/list-sql';
import { transaction } from '#src/lib/transaction';
import * as ja from '#src/i18n/ja';
import type { AuditService } from '#src/modules/audit/audit.service';
import type { BrandsService } from '#src/modules/brands/brands.service';
import { readRows, readStatement } from '#src/lib/read-sql';
import { BRAND_COMMUNITY_IDS_SQL, brandCommunityIds, brandsOfCommunities } from '#src/modules/brands/brands.repository';
import {
  BRAND_PORTAL_PAGE_SIZE,
  applicationsQuerySchema,
  pageQuerySchema,
  type BrandApplicationListItem,
  type BrandApplicationsResponse,
  type BrandCommunitiesResponse,
} from '#src/modules/brand-portal/brand-portal.schemas';
import { sortedImageJson } from '#src/modules/images/images.schemas';
import { pageMeta, pageWithin } from '#src/lib/paging';
import { Community } from './communities.entity';
import {
  ADMIN_COMMUNITIES_PAGE_SIZE,
  adminCommunityListQuerySchema,
  type AdminCommunityListItem,
  type AdminCommunityListQuery,
  communityBrandSchema,
  type CommunityBrandInput,
  type PortalApplicationsQuery,
  type PortalCommunitiesQuery,
} from './community-list.schemas';

/** The admin list's rows of a page's ids (prepared once per connection). */
const ADMIN_ROWS = readStatement(
  'SELECT c.id, c.name, c.host_name, c.published, c.created_at FROM communities c WHERE c.id = ANY(?::int[])',
);

/**
 * The portal's application rows of a page's ids with their community's name, and the brand's communities (the
 * filter's choices, and what a community_id must be one of): one statement, the choices being its rows without an
 * application id. The communities are read by id (their primary key), not by joining the table whole.
 */
const APPLICATION_ROWS_AND_CHOICES = readStatement(
  `SELECT a.id, a.community_id, c.name AS community_name, a.full_name, a.created_at, a.resolved
     FROM community_applications a JOIN communities c ON c.id = a.community_id
    WHERE a.id = ANY(?::int[])
   UNION ALL
   SELECT NULL, c.id, c.name, NULL, c.created_at, NULL
     FROM communities c WHERE c.id = ANY(${BRAND_COMMUNITY_IDS_SQL})`,
);

type ApplicationRowOrChoice =
  | { id: number; community_id: number; community_name: string; full_name: string; created_at: Date; resolved: boolean }
  | { id: null; community_id: number; community_name: string; full_name: null; created_at: Date; resolved: null };

const adminNotFound = () => new NotFoundError(ja.adminApi.communityNotFound, 'community');

interface AssignDeps {
  audit: AuditService;
  brands: Pick<BrandsService, 'assignCommunity'>;
}

/** GET /api/v1/admin/communities?page=&q=&published=&brand_id= (ADMIN): newest first, with each one's brands. */
export async function adminCommunityList(
  ctx: Ctx,
  input: AdminCommunityListQuery,
): Promise<{ communities: AdminCommunityListItem[]; meta: ListPageMeta }> {
  requireAdmin(ctx);
  const query = parseInput(adminCommunityListQuerySchema, input);
  const where = new Where().keyword(listKeywordText('c'), query.q, { bigram: 'b.bigram' });
  if (query.published !== undefined) where.add('c.published = ?', query.published);
  // Kept on the community by a trigger on brand_communities, read from its partial index of the communities without one.
  if (query.brand_id === 'none') where.add('c.brand_count = 0');
  else if (query.brand_id !== undefined) {
    where.add('EXISTS (SELECT 1 FROM brand_communities bc WHERE bc.community_id = c.id AND bc.brand_id = ?)', query.brand_id);
  }
  // A two-character keyword reads the communities' bigram table (bigram, created_at, community_id) in the list's
  // order: alone it is an index-only scan stopped at the bound; the other filters join the communities.
  const list = bigramKeyword(query.q)
    ? {
        from:
          query.published === undefined && query.brand_id === undefined
            ? 'community_keyword_bigrams b'
            : 'community_keyword_bigrams b JOIN communities c ON c.id = b.community_id',
        id: 'b.community_id',
        order: [
          ['b.created_at', 'DESC'],
          ['b.community_id', 'DESC'],
        ] satisfies ListOrder,
      }
    : {
        from: 'communities c',
        id: 'c.id',
        order: [
          ['c.created_at', 'DESC'],
          ['c.id', 'DESC'],
        ] satisfies ListOrder,
      };
  const { ids, meta } = await pageOfIds(
    ctx,
    {
      ...list,
      where,
      size: ADMIN_COMMUNITIES_PAGE_SIZE,
    },
    query.page,
  );
  const [rows, brandsOf] = await Promise.all([
    ids.length
      ? readRows<{ id: number; name: string; host_name: string; published: boolean; created_at: Date }>(ctx.sql, ADMIN_ROWS, [ids])
      : Promise.resolve([]),
    brandsOfCommunities(ctx.sql, ids),
  ]);
  return {
    communities: inIdOrder(ids, rows).map((row) => ({
      id: row.id,
      name: row.name,
      host_name: row.host_name,
      published: row.published,
      created_at: new Date(row.created_at).toISOString(),
      brands: brandsOf.get(row.id) ?? [],
    })),
    meta,
  };
}

/** PUT /api/v1/admin/communities/{id}/brand {brand_id|null} (ADMIN; audited): the community's one brand, or none. */
export async function assignCommunityBrand(
  ctx: Ctx,
  input: CommunityBrandInput & { id: IdInput },
  deps: AssignDeps,
): Promise<AdminCommunityListItem> {
  const { audit, brands } = deps;
  requireAdmin(ctx);
  const id = parseId(input.id);
  if (!id) throw adminNotFound();
  const { brand_id } = parseInput(communityBrandSchema, input);
  await transaction(ctx.em, async (em) => {
    const community = await em.findOne(Community, { id }, { fields: ['id'] });
    if (!community) throw adminNotFound();
    const scoped = withEm(ctx, em);
    const { before, after } = await brands.assignCommunity(scoped, { community_id: id, brand_id });
    if (before.join() !== after.join()) {
      audit.record(scoped, {
        entityType: 'community',
        entityId: id,
        action: 'assign_brand',
        before: { brand_ids: before },
        after: { brand_ids: after },
      });
      await em.flush();
    }
  });
  const row = await ctx.em.fork().findOneOrFail(Community, { id });
  return {
    id: row.id,
    name: row.name,
    host_name: row.hostName,
    published: row.published,
    created_at: new Date(row.createdAt).toISOString(),
    brands: (await brandsOfCommunities(ctx.sql, [id])).get(id) ?? [],
  };
}

/** A row of the portal's application list (and the head of its detail). */
export function applicationRow(row: {
  id: number;
  community: { id: number; name: string };
  fullName: string;
  createdAt: Date;
  resolved: boolean;
}): BrandApplicationListItem {
  return {
    id: row.id,
    community_id: row.community.id,
    community_name: row.community.name,
    user_name: row.fullName,
    applied_at: new Date(row.createdAt).toISOString(),
    handled: row.resolved,
  };
}

/**
 * GET /brand/api/v1/community-applications?page=&q=&community_id=&handled=&since=&until=: applications to the
 * brand's communities, newest first; a community_id that is not the brand's is 404 (the portal's rule).
 */
export async function portalApplicationList(ctx: Ctx, input: PortalApplicationsQuery): Promise<BrandApplicationsResponse> {
  const actor = requireBrandMember(ctx);
  const query = parseInput(applicationsQuerySchema, input);
  // The brand's communities are the list's scope inside the page's statement: PostgreSQL reads each community's
  // applications through its (community_id, created_at, id) index, which also holds the keyword text the keyword searches.
  const where = new Where().add(`a.community_id = ANY(${BRAND_COMMUNITY_IDS_SQL})`, actor.brandId);
  if (query.community_id !== undefined) where.add('a.community_id = ?', query.community_id);
  where.keyword(listKeywordText('a'), query.q).days('a.created_at', query);
  if (query.handled !== undefined) where.add('a.resolved = ?', query.handled);
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
      size: BRAND_PORTAL_PAGE_SIZE,
    },
    query.page,
  );
  const read = await readRows<ApplicationRowOrChoice>(ctx.sql, APPLICATION_ROWS_AND_CHOICES, [ids, actor.brandId]);
  const communities = read
    .filter((row) => row.id === null)
    .map((row) => ({ id: Number(row.community_id), name: row.community_name, createdAt: new Date(row.created_at).getTime() }))
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
  // A community that is not the brand's is 404 (the portal's rule); the scope above kept its applications out anyway.
  if (query.community_id !== undefined && !communities.some((c) => c.id === query.community_id)) throw adminNotFound();
  const rows = read.filter((row) => row.id !== null);
  return {
    community_applications: inIdOrder(ids, rows).map((row) =>
      applicationRow({
        id: row.id,
        community: { id: row.community_id, name: row.community_name },
        fullName: row.full_name,
        createdAt: row.created_at,
        resolved: row.resolved,
      }),
    ),
    communities: communities.map((c) => ({ id: c.id, name: c.name })),
    meta,
  };
}

/** GET /brand/api/v1/communities?page=n: the brand's communities, newest first. */
export async function portalCommunityList(ctx: Ctx, input: PortalCommunitiesQuery): Promise<BrandCommunitiesResponse> {
  const actor = requireBrandMember(ctx);
  const asked = parseInput(pageQuerySchema, input).page;
  const ids = await brandCommunityIds(ctx.em, actor.brandId);
  const page = pageWithin(asked, ids.length, BRAND_PORTAL_PAGE_SIZE);
  const pageIds = ids.slice((page - 1) * BRAND_PORTAL_PAGE_SIZE, page * BRAND_PORTAL_PAGE_SIZE);
  const rows = pageIds.length ? await ctx.em.find(Community, { id: { $in: pageIds } }, { populate: ['images'] }) : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const counts = await ctx.em.execute<{ id: number; ambassadors: string; applications: string }[]>(
    pageIds.length
      ? `SELECT c.id,
                (SELECT count(*) FROM ambassador_communities ac WHERE ac.community_id = c.id) AS ambassadors,
                (SELECT count(*) FROM community_applications ca WHERE ca.community_id = c.id) AS applications
           FROM communities c WHERE c.id IN (${pageIds.map(() => '?').join(',')})`
      : 'SELECT 1 AS id, 0 AS ambassadors, 0 AS applications WHERE false',
    pageIds,
  );
  const countOf = new Map(counts.map((row) => [Number(row.id), row]));
  return {
    communities: pageIds.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        {
          id: row.id,
          name: row.name,
          host_name: row.hostName,
          published: row.published,
          catchphrase: row.catchphrase,
          image_url: sortedImageJson(row.images)[0]?.url ?? null,
          created_at: new Date(row.createdAt).toISOString(),
          ambassador_count: Number(countOf.get(id)?.ambassadors ?? 0),
          application_count: Number(countOf.get(id)?.applications ?? 0),
        },
      ];
    }),
    meta: pageMeta(page, ids.length, BRAND_PORTAL_PAGE_SIZE),
  };
}
