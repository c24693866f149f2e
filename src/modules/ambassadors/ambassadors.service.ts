// Ambassadors: the public pages (published only; 404 with messages.ambassador), and the administrator area
// (create, update, members), also used by the operator CLI (`add-ambassador`). Rules: admin-and-brand-portal.md §5.
// An ADMIN (and the operator) also sees unpublished ambassadors, with their `published` flag.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isAdmin, requireAdmin, requireBrandMember, type Ctx } from '#src/lib/context';
import { AppError, NotFoundError, ValidationError } from '#src/lib/errors';
import { parseId, parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { replaceOwnerImages } from '#src/modules/images/images.repository';
import { sortedImageJson } from '#src/modules/images/images.schemas';
import { findUserSummary } from '#src/modules/users/users.repository';
import type { AuditService } from '#src/modules/audit/audit.service';
import { brandCommunityIds, findBrandCommunity } from '#src/modules/brands/brands.repository';
import {
  BRAND_PORTAL_PAGE_SIZE,
  pageQuerySchema,
  type BrandAmbassadorsResponse,
  type BrandAssociationJson,
  type BrandCommunityAmbassadorsResponse,
  type BrandPortalAmbassador,
} from '#src/modules/brand-portal/brand-portal.schemas';
import { toCommunityCard, type CommunityCardData, type CommunityCardSource } from '#src/modules/communities/communities.schemas';
import { listQuerySchema, type ListMeta } from '#src/modules/partners/partners.schemas';
import { Ambassador, AmbassadorCommunity, AmbassadorMember, type IAmbassador } from './ambassadors.entity';
import {
  AMBASSADORS_ADMIN_PAGE_SIZE,
  ambassadorFormSchema,
  type AmbassadorAdmin,
  type AmbassadorListItem,
  type AmbassadorMembersResponse,
  type AmbassadorPublic,
} from './ambassadors.schemas';

export const AMBASSADORS_PAGE_SIZE = 24;

export interface AmbassadorsDeps {
  audit: AuditService;
}

const ambassadorNotFound = () => new NotFoundError(ja.partners.ambassadorNotFound, 'ambassador');
const memberNotFound = () => new NotFoundError(ja.adminApi.memberNotFound, 'member');
/**
 * The spec's client reads messages.brand for GET /ambassadors/{id}/communities (probably copied from the brand
 * call); answer under both keys so either reading finds the message.
 */
const ambassadorCommunitiesNotFound = () =>
  new AppError(404, 'not_found', ja.partners.ambassadorNotFound, {
    ambassador: [ja.partners.ambassadorNotFound],
    brand: [ja.partners.ambassadorNotFound],
  });

/** The id of an input `{id}` (or `{ambassador_id}`), null when malformed. */
function idOf(input: unknown, ...keys: string[]): number | null {
  if (input == null || typeof input !== 'object') return parseId(input);
  const record = input as Record<string, unknown>;
  for (const key of keys) if (record[key] !== undefined) return parseId(record[key]);
  return null;
}

function toPublic(ambassador: IAmbassador): AmbassadorPublic {
  const images = sortedImageJson(ambassador.images);
  return {
    id: ambassador.id,
    name: ambassador.name,
    description: ambassador.description,
    address: ambassador.address ?? null,
    homepage_url: ambassador.homepageUrl ?? null,
    instagram_username: ambassador.instagramUsername ?? null,
    x_username: ambassador.xUsername ?? null,
    image_url: images[0]?.url ?? null,
    images,
  };
}

function toAdmin(ambassador: IAmbassador, memberCount: number): AmbassadorAdmin {
  return {
    ...toPublic(ambassador),
    published: ambassador.published,
    created_at: new Date(ambassador.createdAt).toISOString(),
    updated_at: new Date(ambassador.updatedAt).toISOString(),
    member_count: memberCount,
  };
}

function toListItem(ambassador: IAmbassador): AmbassadorListItem {
  return {
    id: ambassador.id,
    name: ambassador.name,
    image_url: sortedImageJson(ambassador.images)[0]?.url ?? null,
    address: ambassador.address ?? null,
    description: ambassador.description,
  };
}

/** The audited state of an ambassador (the form's fields). */
function snapshot(ambassador: IAmbassador): Record<string, unknown> {
  return {
    name: ambassador.name,
    description: ambassador.description,
    published: ambassador.published,
    address: ambassador.address ?? null,
    homepage_url: ambassador.homepageUrl ?? null,
    instagram_username: ambassador.instagramUsername ?? null,
    x_username: ambassador.xUsername ?? null,
    images: sortedImageJson(ambassador.images).map((i) => i.url),
  };
}

async function memberCounts(em: EntityManager, ids: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await em
    .getConnection()
    .execute<{ ambassador_id: number; n: string }[]>(
      `SELECT ambassador_id, count(*) AS n FROM ambassador_members WHERE ambassador_id IN (${ids.map(() => '?').join(',')}) GROUP BY ambassador_id`,
      ids,
    );
  for (const row of rows) counts.set(Number(row.ambassador_id), Number(row.n));
  return counts;
}

async function communitiesOfAmbassadors(em: EntityManager, ids: number[]): Promise<Map<number, CommunityCardData[]>> {
  const result = new Map<number, CommunityCardData[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const links = await em.find(
    AmbassadorCommunity,
    { ambassador: { $in: ids }, community: { published: true } },
    { populate: ['community', 'community.images'], orderBy: { associatedAt: 'desc', id: 'desc' } },
  );
  for (const link of links) result.get(link.ambassador.id)?.push(toCommunityCard(link.community as unknown as CommunityCardSource));
  return result;
}

export function createAmbassadorsService(deps: AmbassadorsDeps) {
  const { audit } = deps;

  /** Published for everyone; an ADMIN also finds unpublished ones. */
  async function findVisible(ctx: Ctx, id: number | null, notFound: () => AppError): Promise<IAmbassador> {
    if (!id) throw notFound();
    const where = isAdmin(ctx) ? { id } : { id, published: true };
    const ambassador = await ctx.em.findOne(Ambassador, where, { populate: ['images'] });
    if (!ambassador) throw notFound();
    return ambassador;
  }

  async function findForAdmin(ctx: Ctx, id: number | null, em: EntityManager = ctx.em): Promise<IAmbassador> {
    if (!id) throw ambassadorNotFound();
    const ambassador = await em.findOne(Ambassador, { id }, { populate: ['images'] });
    if (!ambassador) throw ambassadorNotFound();
    return ambassador;
  }

  async function adminJson(em: EntityManager, id: number): Promise<AmbassadorAdmin> {
    const loaded = await em.fork().findOneOrFail(Ambassador, { id }, { populate: ['images'] });
    return toAdmin(loaded, (await memberCounts(em, [id])).get(id) ?? 0);
  }

  /**
   * GET /api/v1/ambassadors?page=n: published ones, newest first. An ADMIN gets every ambassador (100 a page)
   * with published, created_at and member_count.
   */
  async function list(ctx: Ctx, input: unknown = {}): Promise<{ ambassadors: AmbassadorListItem[]; meta: ListMeta }> {
    const { page } = parseInput(listQuerySchema, input);
    const admin = isAdmin(ctx);
    const size = admin ? AMBASSADORS_ADMIN_PAGE_SIZE : AMBASSADORS_PAGE_SIZE;
    const [rows, total] = await ctx.em.findAndCount(Ambassador, admin ? {} : { published: true }, {
      populate: ['images'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: size,
      offset: (page - 1) * size,
    });
    const counts = admin
      ? await memberCounts(
          ctx.em,
          rows.map((r) => r.id),
        )
      : null;
    return {
      ambassadors: rows.map((row) =>
        counts
          ? {
              ...toListItem(row),
              published: row.published,
              created_at: new Date(row.createdAt).toISOString(),
              member_count: counts.get(row.id) ?? 0,
            }
          : toListItem(row),
      ),
      meta: { current_page: page, total_pages: Math.max(1, Math.ceil(total / size)), total_count: total },
    };
  }

  /** GET /api/v1/ambassadors/{id}: the public view; an ADMIN gets the admin view of any ambassador. */
  async function detail(ctx: Ctx, input: unknown): Promise<AmbassadorPublic | AmbassadorAdmin> {
    const ambassador = await findVisible(ctx, idOf(input, 'id'), ambassadorNotFound);
    if (!isAdmin(ctx)) return toPublic(ambassador);
    return toAdmin(ambassador, (await memberCounts(ctx.em, [ambassador.id])).get(ambassador.id) ?? 0);
  }

  /** The admin view of one ambassador (ADMIN; /admin/ambassador/{id} and its edit form). */
  async function adminDetail(ctx: Ctx, input: unknown): Promise<AmbassadorAdmin> {
    requireAdmin(ctx);
    const ambassador = await findForAdmin(ctx, idOf(input, 'id', 'ambassador_id'));
    return toAdmin(ambassador, (await memberCounts(ctx.em, [ambassador.id])).get(ambassador.id) ?? 0);
  }

  /** GET /api/v1/ambassadors/{id}/communities: published communities (id, name, image_url, ...). */
  async function communities(ctx: Ctx, input: unknown): Promise<{ communities: CommunityCardData[] }> {
    const ambassador = await findVisible(ctx, idOf(input, 'id'), ambassadorCommunitiesNotFound);
    return { communities: (await communitiesOfAmbassadors(ctx.em, [ambassador.id])).get(ambassador.id) ?? [] };
  }

  /** /brand_ambassador/list: every published ambassador with its published communities. */
  async function listWithCommunities(ctx: Ctx): Promise<(AmbassadorListItem & { communities: CommunityCardData[] })[]> {
    const rows = await ctx.em.find(
      Ambassador,
      { published: true },
      { populate: ['images'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
    );
    const byAmbassador = await communitiesOfAmbassadors(
      ctx.em,
      rows.map((a) => a.id),
    );
    return rows.map((a) => ({ ...toListItem(a), communities: byAmbassador.get(a.id) ?? [] }));
  }

  /** POST /api/v1/ambassadors (ADMIN) and the operator CLI `add-ambassador`. */
  async function create(ctx: Ctx, input: unknown): Promise<AmbassadorAdmin> {
    requireAdmin(ctx);
    const data = parseInput(ambassadorFormSchema, input);
    const id = await ctx.em.transactional(async (em) => {
      const created = em.create(Ambassador, {
        name: data.name,
        description: data.description,
        published: data.published,
        address: data.address,
        homepageUrl: data.homepage_url,
        instagramUsername: data.instagram_username,
        xUsername: data.x_username,
      });
      await em.flush();
      await replaceOwnerImages(em, { ambassador: created.id }, data.images);
      await em.flush();
      await em.populate(created, ['images']);
      audit.record({ ...ctx, em }, { entityType: 'ambassador', entityId: created.id, action: 'create', after: snapshot(created) });
      await em.flush();
      return created.id;
    });
    return adminJson(ctx.em, id);
  }

  /** PUT /api/v1/ambassadors/{id} (ADMIN): the whole form; the images are replaced by the given list. */
  async function update(ctx: Ctx, input: unknown): Promise<AmbassadorAdmin> {
    requireAdmin(ctx);
    const id = idOf(input, 'id');
    if (!id) throw ambassadorNotFound();
    const data = parseInput(ambassadorFormSchema, input);
    await ctx.em.transactional(async (em) => {
      const ambassador = await findForAdmin(ctx, id, em);
      const before = snapshot(ambassador);
      em.assign(ambassador, {
        name: data.name,
        description: data.description,
        published: data.published,
        address: data.address,
        homepageUrl: data.homepage_url,
        instagramUsername: data.instagram_username,
        xUsername: data.x_username,
      });
      await replaceOwnerImages(em, { ambassador: id }, data.images);
      await em.flush();
      await em.refresh(ambassador, { populate: ['images'] });
      audit.record({ ...ctx, em }, { entityType: 'ambassador', entityId: id, action: 'update', before, after: snapshot(ambassador) });
      await em.flush();
    });
    return adminJson(ctx.em, id);
  }

  /** GET /api/v1/ambassadors/{id}/members (ADMIN): the users linked to the ambassador; id is the user's id. */
  async function members(ctx: Ctx, input: unknown): Promise<AmbassadorMembersResponse> {
    requireAdmin(ctx);
    const ambassador = await findForAdmin(ctx, idOf(input, 'ambassador_id', 'id'));
    const rows = await ctx.em.find(
      AmbassadorMember,
      { ambassador: ambassador.id },
      { populate: ['user'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return {
      ambassador: { id: ambassador.id, name: ambassador.name },
      members: rows.map((row) => ({
        id: row.user.id,
        name: row.user.name,
        email: row.user.email,
        added_at: new Date(row.createdAt).toISOString(),
      })),
    };
  }

  /** POST /api/v1/ambassadors/{id}/members/{userId}/association (ADMIN): links a user; no body. */
  async function addMember(ctx: Ctx, input: unknown): Promise<AmbassadorMembersResponse> {
    requireAdmin(ctx);
    const ambassadorId = idOf(input, 'ambassador_id', 'id');
    const userId = idOf(input, 'user_id', 'userId');
    await ctx.em.transactional(async (em) => {
      const ambassador = await findForAdmin(ctx, ambassadorId, em);
      const user = userId ? await findUserSummary(em, userId) : null;
      if (!user) throw new NotFoundError(ja.adminApi.userNotFound, 'user');
      if (await em.count(AmbassadorMember, { ambassador: ambassador.id, user: user.id })) {
        throw new ValidationError({ user_id: [ja.adminApi.members.alreadyMember] });
      }
      em.create(AmbassadorMember, { ambassador, user: user.id });
      audit.record(
        { ...ctx, em },
        { entityType: 'ambassador', entityId: ambassador.id, action: 'add_member', after: { user_id: user.id, name: user.name } },
      );
      await em.flush();
    });
    return members(ctx, { ambassador_id: ambassadorId });
  }

  /**
   * DELETE /api/v1/ambassadors/{id}/members/{memberId} and DELETE …/members/{id}/association (ADMIN): unlinks
   * the user (the user account stays).
   */
  async function removeMember(ctx: Ctx, input: unknown): Promise<void> {
    requireAdmin(ctx);
    const ambassadorId = idOf(input, 'ambassador_id', 'id');
    const userId = idOf(input, 'user_id', 'userId', 'memberId');
    await ctx.em.transactional(async (em) => {
      const ambassador = await findForAdmin(ctx, ambassadorId, em);
      if (!userId) throw memberNotFound();
      const membership = await em.findOne(AmbassadorMember, { ambassador: ambassador.id, user: userId }, { populate: ['user'] });
      if (!membership) throw memberNotFound();
      audit.record(
        { ...ctx, em },
        {
          entityType: 'ambassador',
          entityId: ambassador.id,
          action: 'remove_member',
          before: { user_id: membership.user.id, name: membership.user.name },
        },
      );
      em.remove(membership);
      await em.flush();
    });
  }

  // ---- Brand portal (issue 11): ambassadors of the signed-in member's brand's communities -------------------------

  const communityNotFound = () => new NotFoundError(ja.adminApi.communityNotFound, 'community');

  /** One of the member's brand's communities named by `key` of the input; another brand's or unknown is 404. */
  async function ownCommunity(ctx: Ctx, input: unknown, key: string, em: EntityManager = ctx.em) {
    const actor = requireBrandMember(ctx);
    const id = idOf(input, key);
    const community = id ? await findBrandCommunity(em, actor.brandId, id) : null;
    if (!community) throw communityNotFound();
    return community;
  }

  function portalJson(row: IAmbassador): BrandPortalAmbassador {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      address: row.address ?? null,
      image_url: sortedImageJson(row.images)[0]?.url ?? null,
      published: row.published,
    };
  }

  /**
   * GET /brand/api/v1/ambassadors[?community_id=n]: published ambassadors by name, each with the brand's communities
   * it belongs to; with community_id (one of the brand's), only those not yet in that community.
   */
  async function portalAvailable(ctx: Ctx, input: unknown): Promise<BrandAmbassadorsResponse> {
    const actor = requireBrandMember(ctx);
    const record = input != null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
    const community =
      record.community_id !== undefined && record.community_id !== '' ? await ownCommunity(ctx, input, 'community_id') : null;
    const rows = await ctx.em.find(
      Ambassador,
      { published: true },
      { populate: ['images'], orderBy: { name: 'asc', id: 'asc' }, limit: 1000 },
    );
    const brandCommunities = await brandCommunityIds(ctx.em, actor.brandId);
    const links = brandCommunities.length
      ? await ctx.em.find(AmbassadorCommunity, { community: { $in: brandCommunities } }, { fields: ['ambassador', 'community'] })
      : [];
    const joined = new Map<number, number[]>();
    for (const link of links) joined.set(link.ambassador.id, [...(joined.get(link.ambassador.id) ?? []), link.community.id]);
    return {
      ambassadors: rows
        .filter((row) => !community || !(joined.get(row.id) ?? []).includes(community.id))
        .map((row) => ({ ...portalJson(row), associated_community_ids: (joined.get(row.id) ?? []).sort((a, b) => a - b) })),
    };
  }

  /** GET /brand/api/v1/communities/{id}/ambassadors?page=n: the community's ambassadors, latest joined first. */
  async function portalOfCommunity(ctx: Ctx, input: unknown): Promise<BrandCommunityAmbassadorsResponse> {
    const community = await ownCommunity(ctx, input, 'community_id');
    const { page } = parseInput(pageQuerySchema, input);
    const [links, total] = await ctx.em.findAndCount(
      AmbassadorCommunity,
      { community: community.id },
      {
        populate: ['ambassador', 'ambassador.images'],
        orderBy: { associatedAt: 'desc', id: 'desc' },
        limit: BRAND_PORTAL_PAGE_SIZE,
        offset: (page - 1) * BRAND_PORTAL_PAGE_SIZE,
      },
    );
    return {
      community,
      ambassadors: links.map((link) => ({ ...portalJson(link.ambassador), associated_at: new Date(link.associatedAt).toISOString() })),
      meta: { current_page: page, total_pages: Math.max(1, Math.ceil(total / BRAND_PORTAL_PAGE_SIZE)), total_count: total },
    };
  }

  /** POST /brand/api/v1/communities/{community_id}/ambassadors/{ambassador_id}/association: a published ambassador. */
  async function portalAssociate(ctx: Ctx, input: unknown): Promise<BrandAssociationJson> {
    return ctx.em.transactional(async (em) => {
      const community = await ownCommunity(ctx, input, 'community_id', em);
      const ambassadorId = idOf(input, 'ambassador_id');
      const ambassador = ambassadorId ? await em.findOne(Ambassador, { id: ambassadorId, published: true }) : null;
      if (!ambassador) throw new NotFoundError(ja.brandPortalApi.ambassadorNotFound, 'ambassador');
      if (await em.count(AmbassadorCommunity, { ambassador: ambassador.id, community: community.id })) {
        throw new ValidationError({ ambassador_id: [ja.brandPortalApi.alreadyAssociated] });
      }
      const link = em.create(AmbassadorCommunity, { ambassador: ambassador.id, community: community.id });
      await em.flush();
      audit.record(
        { ...ctx, em },
        { entityType: 'community', entityId: community.id, action: 'add_member', after: { ambassador_id: ambassador.id } },
      );
      await em.flush();
      return { community_id: community.id, ambassador_id: ambassador.id, associated_at: new Date(link.associatedAt).toISOString() };
    });
  }

  /** DELETE /brand/api/v1/communities/{community_id}/ambassadors/{ambassador_id}/association */
  async function portalDissociate(ctx: Ctx, input: unknown): Promise<void> {
    await ctx.em.transactional(async (em) => {
      const community = await ownCommunity(ctx, input, 'community_id', em);
      const ambassadorId = idOf(input, 'ambassador_id');
      const link = ambassadorId ? await em.findOne(AmbassadorCommunity, { ambassador: ambassadorId, community: community.id }) : null;
      if (!link) throw new NotFoundError(ja.brandPortalApi.notAssociated, 'ambassador');
      audit.record(
        { ...ctx, em },
        { entityType: 'community', entityId: community.id, action: 'remove_member', before: { ambassador_id: link.ambassador.id } },
      );
      em.remove(link);
      await em.flush();
    });
  }

  return {
    list,
    detail,
    adminDetail,
    communities,
    listWithCommunities,
    create,
    update,
    members,
    addMember,
    removeMember,
    portalAvailable,
    portalOfCommunity,
    portalAssociate,
    portalDissociate,
  };
}

export type AmbassadorsService = ReturnType<typeof createAmbassadorsService>;
