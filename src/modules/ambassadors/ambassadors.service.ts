// Ambassadors: the public pages (published only; 404 with messages.ambassador), and the administrator area
// (create, update: partner-methods.ts, as for brands; members), also used by the operator CLI (`add-ambassador`).
// Rules: admin-and-brand-portal.md §5.
// An ADMIN (and the operator) also sees unpublished ambassadors, with their `published` flag.
import { readPage } from '#src/lib/paging';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireAdmin, requireBrandMember, type Ctx, withEm } from '#src/lib/context';
import { AppError, NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
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
import type { CommunityCardData } from '#src/modules/communities/communities.schemas';
import type { ListMeta, ListQuery, PartnerListQuery } from '#src/modules/partners/partners.schemas';
import { createPartnerMethods, type PartnerRef } from '#src/modules/partners/partner-methods';
import { Ambassador, AmbassadorCommunity, AmbassadorMember, type IAmbassador } from './ambassadors.entity';
import {
  AMBASSADORS_ADMIN_PAGE_SIZE,
  ambassadorFormSchema,
  type AmbassadorAdmin,
  type AmbassadorFormInput,
  type AmbassadorListItem,
  type AmbassadorMembersResponse,
  type AmbassadorPublic,
} from './ambassadors.schemas';
import { transaction } from '#src/lib/transaction';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { memberAddedMail, memberRemovedMail } from './ambassador-member-mails';

export const AMBASSADORS_PAGE_SIZE = 24;

/** An ambassador's member: both ids from the path (/ambassadors/{ambassador_id}/members/{user_id}). */
interface AmbassadorMemberRef {
  ambassador_id: IdInput;
  user_id: IdInput;
}

/** One of the brand's communities (path /communities/{community_id}/…). */
interface CommunityRef {
  community_id: IdInput;
}

/** An ambassador of one of the brand's communities (path /communities/{community_id}/ambassadors/{ambassador_id}). */
interface CommunityAmbassadorRef extends CommunityRef {
  ambassador_id: IdInput;
}

export interface AmbassadorsDeps {
  audit: AuditService;
  /** IMAGE_UPLOAD_URL is set: uploads go to the image hosting service, not the local store. */
  imageHosting: boolean;
  /** The site's public base URL, for the links in the members' notices. */
  baseUrl: string;
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

export function createAmbassadorsService(deps: AmbassadorsDeps) {
  const { audit, baseUrl } = deps;
  const partner = createPartnerMethods(
    {
      kind: 'ambassador',
      entity: Ambassador,
      communityLink: { entity: AmbassadorCommunity, orderBy: { associatedAt: 'desc', id: 'desc' } },
      notFound: ambassadorNotFound,
      communitiesNotFound: ambassadorCommunitiesNotFound,
      formSchema: ambassadorFormSchema,
      pageSize: AMBASSADORS_PAGE_SIZE,
      adminPageSize: AMBASSADORS_ADMIN_PAGE_SIZE,
      extraJson: (ambassador: IAmbassador) => ({ address: ambassador.address ?? null }),
      extraFields: (data) => ({ address: data.address }),
      extraColumns: 'p.address AS address',
    },
    deps,
  );
  const findForAdmin = (ctx: Ctx, id: number | null, em: EntityManager = ctx.em) => partner.findForAdmin(id, em);

  /**
   * GET /api/v1/ambassadors?page=n: published ones, newest first. An ADMIN gets every ambassador (100 a page)
   * with published, created_at and member_count.
   */
  async function list(ctx: Ctx, input: PartnerListQuery = {}): Promise<{ ambassadors: AmbassadorListItem[]; meta: ListMeta }> {
    const { items, meta } = await partner.list(ctx, input);
    return { ambassadors: items, meta };
  }

  /** GET /api/v1/ambassadors/{id}: the public view; an ADMIN gets the admin view of any ambassador. */
  const detail: (ctx: Ctx, input: PartnerRef) => Promise<AmbassadorPublic | AmbassadorAdmin> = partner.detail;
  /** The admin view of one ambassador (ADMIN; /admin/ambassador/{id} and its edit form). */
  const adminDetail: (ctx: Ctx, input: PartnerRef) => Promise<AmbassadorAdmin> = partner.adminDetail;
  /** GET /api/v1/ambassadors/{id}/communities: published communities (id, name, image_url, ...). */
  const communities = partner.communities;
  /** /brand_ambassador/list: every published ambassador with its published communities. */
  const listWithCommunities: (ctx: Ctx) => Promise<(AmbassadorListItem & { communities: CommunityCardData[] })[]> =
    partner.listWithCommunities;
  /** POST /api/v1/ambassadors (ADMIN) and the operator CLI `add-ambassador`. */
  const create: (ctx: Ctx, input: AmbassadorFormInput) => Promise<AmbassadorAdmin> = partner.create;
  /** PUT /api/v1/ambassadors/{id} (ADMIN): the whole form; the images are replaced by the given list. */
  const update: (ctx: Ctx, input: PartnerRef & AmbassadorFormInput) => Promise<AmbassadorAdmin> = partner.update;

  /** GET /api/v1/ambassadors/{id}/members (ADMIN): the users linked to the ambassador; id is the user's id. */
  async function members(ctx: Ctx, input: { ambassador_id: IdInput }): Promise<AmbassadorMembersResponse> {
    requireAdmin(ctx);
    const ambassador = await findForAdmin(ctx, parseId(input.ambassador_id));
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

  /**
   * POST /api/v1/ambassadors/{id}/members/{userId}/association (ADMIN) and the CLI's `add-ambassador-member`: links a
   * user (no body) and tells them (ambassador-member-mails.ts).
   */
  async function addMember(ctx: Ctx, input: AmbassadorMemberRef): Promise<AmbassadorMembersResponse> {
    requireAdmin(ctx);
    const ambassadorId = parseId(input.ambassador_id);
    const userId = parseId(input.user_id);
    await transaction(ctx.em, async (em) => {
      const ambassador = await findForAdmin(ctx, ambassadorId, em);
      const user = userId ? await findUserSummary(em, userId) : null;
      if (!user) throw new NotFoundError(ja.adminApi.userNotFound, 'user');
      if (await em.count(AmbassadorMember, { ambassador: ambassador.id, user: user.id })) {
        throw new ValidationError({ user_id: [ja.adminApi.members.alreadyMember] });
      }
      const membership = em.create(AmbassadorMember, { ambassador, user: user.id });
      audit.record(withEm(ctx, em), {
        entityType: 'ambassador',
        entityId: ambassador.id,
        action: 'add_member',
        after: { user_id: user.id, name: user.name },
      });
      await em.flush();
      await enqueueMail(em, [memberAddedMail({ membershipId: membership.id, ambassador, user }, baseUrl)]);
    });
    return members(ctx, { ambassador_id: ambassadorId });
  }

  /**
   * DELETE /api/v1/ambassadors/{id}/members/{memberId} and DELETE …/members/{id}/association (ADMIN): unlinks
   * the user (the user account stays) and tells them, with the CLI's `remove-ambassador-member`.
   */
  async function removeMember(ctx: Ctx, input: AmbassadorMemberRef): Promise<void> {
    requireAdmin(ctx);
    const ambassadorId = parseId(input.ambassador_id);
    const userId = parseId(input.user_id);
    await transaction(ctx.em, async (em) => {
      const ambassador = await findForAdmin(ctx, ambassadorId, em);
      if (!userId) throw memberNotFound();
      const membership = await em.findOne(AmbassadorMember, { ambassador: ambassador.id, user: userId }, { populate: ['user'] });
      if (!membership) throw memberNotFound();
      audit.record(withEm(ctx, em), {
        entityType: 'ambassador',
        entityId: ambassador.id,
        action: 'remove_member',
        before: { user_id: membership.user.id, name: membership.user.name },
      });
      em.remove(membership);
      await em.flush();
      await enqueueMail(em, [memberRemovedMail({ membershipId: membership.id, ambassador, user: membership.user }, baseUrl)]);
    });
  }

  // ---- Brand portal: ambassadors of the signed-in member's brand's communities -------------------------

  const communityNotFound = () => new NotFoundError(ja.adminApi.communityNotFound, 'community');

  /** One of the member's brand's communities (`communityId`); another brand's or unknown is 404. */
  async function ownCommunity(ctx: Ctx, communityId: IdInput | undefined, em: EntityManager = ctx.em) {
    const actor = requireBrandMember(ctx);
    const id = parseId(communityId);
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
  async function portalAvailable(ctx: Ctx, input: { community_id?: IdInput }): Promise<BrandAmbassadorsResponse> {
    const actor = requireBrandMember(ctx);
    const community = input.community_id !== undefined && input.community_id !== '' ? await ownCommunity(ctx, input.community_id) : null;
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
  async function portalOfCommunity(ctx: Ctx, input: CommunityRef & ListQuery): Promise<BrandCommunityAmbassadorsResponse> {
    const community = await ownCommunity(ctx, input.community_id);
    const { page } = parseInput(pageQuerySchema, input);
    const { rows: links, meta } = await readPage(page, BRAND_PORTAL_PAGE_SIZE, (limit, offset) =>
      ctx.em.findAndCount(
        AmbassadorCommunity,
        { community: community.id },
        { populate: ['ambassador', 'ambassador.images'], orderBy: { associatedAt: 'desc', id: 'desc' }, limit, offset },
      ),
    );
    return {
      community,
      ambassadors: links.map((link) => ({ ...portalJson(link.ambassador), associated_at: new Date(link.associatedAt).toISOString() })),
      meta,
    };
  }

  /** POST /brand/api/v1/communities/{community_id}/ambassadors/{ambassador_id}/association: a published ambassador. */
  async function portalAssociate(ctx: Ctx, input: CommunityAmbassadorRef): Promise<BrandAssociationJson> {
    return transaction(ctx.em, async (em) => {
      const community = await ownCommunity(ctx, input.community_id, em);
      const ambassadorId = parseId(input.ambassador_id);
      const ambassador = ambassadorId ? await em.findOne(Ambassador, { id: ambassadorId, published: true }) : null;
      if (!ambassador) throw new NotFoundError(ja.brandPortalApi.ambassadorNotFound, 'ambassador');
      if (await em.count(AmbassadorCommunity, { ambassador: ambassador.id, community: community.id })) {
        throw new ValidationError({ ambassador_id: [ja.brandPortalApi.alreadyAssociated] });
      }
      const link = em.create(AmbassadorCommunity, { ambassador: ambassador.id, community: community.id });
      await em.flush();
      audit.record(withEm(ctx, em), {
        entityType: 'community',
        entityId: community.id,
        action: 'add_member',
        after: { ambassador_id: ambassador.id },
      });
      await em.flush();
      return { community_id: community.id, ambassador_id: ambassador.id, associated_at: new Date(link.associatedAt).toISOString() };
    });
  }

  /** DELETE /brand/api/v1/communities/{community_id}/ambassadors/{ambassador_id}/association */
  async function portalDissociate(ctx: Ctx, input: CommunityAmbassadorRef): Promise<void> {
    await transaction(ctx.em, async (em) => {
      const community = await ownCommunity(ctx, input.community_id, em);
      const ambassadorId = parseId(input.ambassador_id);
      const link = ambassadorId ? await em.findOne(AmbassadorCommunity, { ambassador: ambassadorId, community: community.id }) : null;
      if (!link) throw new NotFoundError(ja.brandPortalApi.notAssociated, 'ambassador');
      audit.record(withEm(ctx, em), {
        entityType: 'community',
        entityId: community.id,
        action: 'remove_member',
        before: { ambassador_id: link.ambassador.id },
      });
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
