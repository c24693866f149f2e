// Public communities, the community form of the admin and the brand portal, and the portal's reads of the brand's
// communities (guest-and-host.md §2, §7; admin-and-brand-portal.md §2, §5, §7). Only published communities are
// public. Applications are in community-applications.ts, the filtered lists in community-lists.ts, admin-applications.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isAdmin, requireAdmin, requireBrandMember, type Ctx, withEm } from '#src/lib/context';
import { countRowsBy } from '#src/lib/count-rows';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { ReferenceService } from '#src/modules/reference/reference.service';
import { brandOwnsCommunity, publishedBrandsOfCommunity } from '#src/modules/brands/brands.repository';
import type { BrandsService } from '#src/modules/brands/brands.service';
import { publishedAmbassadorsOfCommunity } from '#src/modules/ambassadors/ambassadors.repository';
import { replaceOwnerImages } from '#src/modules/images/images.repository';
import { auditedImages, formImageJson, sortedImageJson } from '#src/modules/images/images.schemas';
import { requireUploaded } from '#src/modules/uploads/uploads.repository';
import type { AuditService } from '#src/modules/audit/audit.service';
import { transaction } from '#src/lib/transaction';
import {
  Community,
  CommunityApplication,
  CommunityApplicationQuestion,
  type ICommunity,
  type ICommunityApplicationQuestion,
} from './communities.entity';
import {
  communityFormSchema,
  type AdminApplicationItem,
  type AdminCommunity,
  type CommunityDetail,
  type CommunityFormData,
  type CommunityFormInput,
} from './communities.schemas';
import type { CommunityApplicationInput } from './community-application.schemas';
import type { ApplicationHandledInput } from '#src/modules/brand-portal/brand-portal.schemas';
import * as applications from './community-applications';
import { adminApplicationList } from './admin-applications';
import type { AdminCommunityListQuery, CommunityBrandInput, PortalCommunitiesQuery } from './community-list.schemas';
import { adminCommunityList, assignCommunityBrand, portalApplicationList, portalCommunityList } from './community-lists';

export interface CommunitiesDeps {
  env: Pick<Env, 'APP_URL' | 'PORT' | 'OFFICE_EMAIL'>;
  audit: AuditService;
  reference: Pick<ReferenceService, 'occupations'>;
  brands: Pick<BrandsService, 'linkCommunity' | 'assignCommunity'>;
  /** IMAGE_UPLOAD_URL is set: uploads go to the image hosting service, not the local store. */
  imageHosting: boolean;
}

const c = ja.adminApi.community;

/** PUT {handled} of an application: 対応済み/未対応, one rule for both doors, audited (community-applications.ts). */
type HandledInput = ApplicationHandledInput & { id: IdInput };

/** The community's own fields as the admin JSON and the audit trail name them, in their order. */
function adminFields(community: ICommunity) {
  return {
    name: community.name,
    host_name: community.hostName,
    host_description: community.hostDescription,
    description: community.description,
    activity_description: community.activityDescription,
    important_thing: community.importantThing,
    ideal_candidate_profile: community.idealCandidateProfile,
    participation_condition: community.participationCondition,
    location: community.location,
    catchphrase: community.catchphrase,
    note: community.note ?? null,
    published: community.published,
  };
}

/** The audited state of a community: its fields, images (url and text) and items. */
function snapshot(community: ICommunity, items: ICommunityApplicationQuestion[]): Record<string, unknown> {
  return {
    ...adminFields(community),
    images: auditedImages(community.images),
    application_items: [...items]
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map((i) => ({ id: i.id, name: i.name, required: i.required, disabled: i.disabled, sort_order: i.sortOrder })),
  };
}

function formFields(data: CommunityFormData) {
  return {
    name: data.name,
    hostName: data.host_name,
    hostDescription: data.host_description,
    description: data.description,
    activityDescription: data.activity_description,
    importantThing: data.important_thing,
    idealCandidateProfile: data.ideal_candidate_profile,
    participationCondition: data.participation_condition,
    location: data.location,
    catchphrase: data.catchphrase,
    note: data.note,
    published: data.published,
  };
}

function answerCounts(em: EntityManager, questionIds: number[]): Promise<Map<number, number>> {
  return countRowsBy(em, 'community_application_answers', 'question_id', questionIds);
}

function notFound(): NotFoundError {
  return new NotFoundError(ja.communities.notFound, 'community');
}

export function createCommunitiesService(deps: CommunitiesDeps) {
  const { audit, reference, brands, imageHosting } = deps;
  const baseUrl = publicBaseUrl(deps.env);

  /** Published for everyone; an ADMIN also finds unpublished ones (as for brands and ambassadors). */
  async function findVisible(ctx: Ctx, id: number | null): Promise<ICommunity> {
    if (!id) throw notFound();
    const community = await ctx.em.findOne(Community, isAdmin(ctx) ? { id } : { id, published: true }, { populate: ['images'] });
    if (!community) throw notFound();
    return community;
  }

  /** GET /api/v1/communities/{id}/detail */
  async function detail(ctx: Ctx, input: { id: IdInput }): Promise<CommunityDetail> {
    const community = await findVisible(ctx, parseId(input.id));
    const [items, brandList, ambassadorList, applied] = await Promise.all([
      ctx.em.find(CommunityApplicationQuestion, { community: community.id, disabled: false }, { orderBy: { sortOrder: 'asc', id: 'asc' } }),
      publishedBrandsOfCommunity(ctx.em, community.id),
      publishedAmbassadorsOfCommunity(ctx.em, community.id),
      ctx.actor.kind === 'user' ? ctx.em.count(CommunityApplication, { community: community.id, user: ctx.actor.id }) : Promise.resolve(0),
    ]);
    const images = sortedImageJson(community.images);
    return {
      id: community.id,
      published: community.published,
      name: community.name,
      catchphrase: community.catchphrase,
      host_name: community.hostName,
      host_description: community.hostDescription,
      description: community.description,
      activity_description: community.activityDescription,
      important_thing: community.importantThing,
      ideal_candidate_profile: community.idealCandidateProfile,
      participation_condition: community.participationCondition,
      location: community.location,
      note: community.note ?? null,
      image_url: images[0]?.url ?? null,
      images,
      application_items: items.map((item) => ({ id: item.id, name: item.name, required: item.required })),
      brands: brandList,
      ambassadors: ambassadorList,
      applied: applied > 0,
    };
  }

  /** POST /api/v1/community_applications (signed in): community-applications.ts. */
  const apply = (ctx: Ctx, input: CommunityApplicationInput) =>
    applications.applyToCommunity(ctx, input, { reference, baseUrl, officeEmail: deps.env.OFFICE_EMAIL });

  // ---- Administrator area (admin-and-brand-portal.md §2 /admin/communities, §5, §7) -----------------------------

  const adminNotFound = () => new NotFoundError(ja.adminApi.communityNotFound, 'community');

  async function adminJson(em: EntityManager, id: number): Promise<AdminCommunity> {
    const fresh = em.fork({ clear: true });
    const community = await fresh.findOne(Community, { id }, { populate: ['images'] });
    if (!community) throw adminNotFound();
    const items = await fresh.find(CommunityApplicationQuestion, { community: id }, { orderBy: { sortOrder: 'asc', id: 'asc' } });
    const counts = await answerCounts(
      fresh,
      items.map((i) => i.id),
    );
    const applicationItems: AdminApplicationItem[] = items.map((item) => ({
      id: item.id,
      name: item.name,
      required: item.required,
      disabled: item.disabled,
      sort_order: item.sortOrder,
      answer_count: counts.get(item.id) ?? 0,
    }));
    return {
      id: community.id,
      ...adminFields(community),
      images: sortedImageJson(community.images),
      application_items: applicationItems,
      created_at: new Date(community.createdAt).toISOString(),
      updated_at: new Date(community.updatedAt).toISOString(),
    };
  }

  /**
   * Writes the items of the form: the list's order is sort_order; listed items with an id are updated, without
   * one created; an existing item left out is deleted when nobody answered it, otherwise hidden (its answers stay).
   */
  async function writeItems(em: EntityManager, community: ICommunity, data: CommunityFormData): Promise<void> {
    const existing = await em.find(CommunityApplicationQuestion, { community: community.id });
    const byId = new Map(existing.map((item) => [item.id, item]));
    const seen = new Set<number>();
    for (const item of data.application_items) {
      if (item.id === undefined) continue;
      if (!byId.has(item.id)) throw new ValidationError({ application_items: [c.itemUnknown] });
      if (seen.has(item.id)) throw new ValidationError({ application_items: [c.itemDuplicate] });
      seen.add(item.id);
    }
    for (const [position, item] of data.application_items.entries()) {
      const fields = { name: item.name, required: item.required, disabled: item.disabled, sortOrder: position };
      const current = item.id === undefined ? undefined : byId.get(item.id);
      if (current) em.assign(current, fields);
      else em.create(CommunityApplicationQuestion, { community, ...fields });
    }
    const leftOut = existing.filter((item) => !seen.has(item.id));
    const counts = await answerCounts(
      em,
      leftOut.map((i) => i.id),
    );
    let next = data.application_items.length;
    for (const item of leftOut) {
      if ((counts.get(item.id) ?? 0) > 0) em.assign(item, { disabled: true, sortOrder: next++ });
      else em.remove(item);
    }
  }

  /** GET /api/v1/admin/communities?page=&q=&published=&brand_id= (ADMIN): community-lists.ts. */
  const adminList = (ctx: Ctx, input: AdminCommunityListQuery = {}) => adminCommunityList(ctx, input);

  /** PUT /api/v1/admin/communities/{id}/brand {brand_id|null} (ADMIN; audited): community-lists.ts. */
  const assignBrand = (ctx: Ctx, input: CommunityBrandInput & { id: IdInput }) => assignCommunityBrand(ctx, input, { audit, brands });

  /** GET /api/v1/admin/communities/{id} (ADMIN): the form's data, hidden items and answer counts included. */
  async function adminDetail(ctx: Ctx, input: { id: IdInput }): Promise<AdminCommunity> {
    requireAdmin(ctx);
    const id = parseId(input.id);
    if (!id) throw adminNotFound();
    return adminJson(ctx.em, id);
  }

  /** The one creation (admin and brand portal): fields, images, items, audit; `brandId` links it to that brand. */
  async function createCommunity(ctx: Ctx, input: CommunityFormInput, brandId: number | null): Promise<AdminCommunity> {
    const data = parseInput(communityFormSchema, input);
    const id = await transaction(ctx.em, async (em) => {
      await requireUploaded(em, data.images, { hosted: imageHosting });
      const community = em.create(Community, formFields(data));
      await em.flush();
      await replaceOwnerImages(em, { community: community.id }, data.images);
      await writeItems(em, community, data);
      await em.flush();
      if (brandId) await brands.linkCommunity(withEm(ctx, em), { brand_id: brandId, community_id: community.id });
      const items = await em.find(CommunityApplicationQuestion, { community: community.id });
      await em.populate(community, ['images']);
      audit.record(withEm(ctx, em), {
        entityType: 'community',
        entityId: community.id,
        action: 'create',
        after: { ...snapshot(community, items), brand_id: brandId },
      });
      await em.flush();
      return community.id;
    });
    return adminJson(ctx.em, id);
  }

  /** The one update (admin and brand portal): the whole form (images and items are replaced as listed). */
  async function updateCommunity(
    ctx: Ctx,
    id: number,
    input: CommunityFormInput,
    notFoundError: () => NotFoundError,
  ): Promise<AdminCommunity> {
    const data = parseInput(communityFormSchema, input);
    await transaction(ctx.em, async (em) => {
      const community = await em.findOne(Community, { id }, { populate: ['images'] });
      if (!community) throw notFoundError();
      await requireUploaded(em, data.images, { hosted: imageHosting, known: community.images.getItems().map(formImageJson) });
      const before = snapshot(community, await em.find(CommunityApplicationQuestion, { community: id }));
      em.assign(community, formFields(data));
      await replaceOwnerImages(em, { community: id }, data.images);
      await writeItems(em, community, data);
      await em.flush();
      await em.refresh(community, { populate: ['images'] });
      const after = snapshot(community, await em.find(CommunityApplicationQuestion, { community: id }));
      audit.record(withEm(ctx, em), { entityType: 'community', entityId: id, action: 'update', before, after });
      await em.flush();
    });
    return adminJson(ctx.em, id);
  }

  /** POST /api/v1/admin/communities (ADMIN): 201 with the created community. */
  async function create(ctx: Ctx, input: CommunityFormInput): Promise<AdminCommunity> {
    requireAdmin(ctx);
    return createCommunity(ctx, input, null);
  }

  /** PATCH /api/v1/admin/communities/{id} (ADMIN): the whole form (images and items are replaced as listed). */
  async function update(ctx: Ctx, input: CommunityFormInput & { id: IdInput }): Promise<AdminCommunity> {
    requireAdmin(ctx);
    const id = parseId(input.id);
    if (!id) throw adminNotFound();
    return updateCommunity(ctx, id, input, adminNotFound);
  }

  // ---- Brand portal: the same form and rules, always within the signed-in member's brand --------------

  /** The id of one of the signed-in member's brand's communities; another brand's or an unknown one is 404. */
  async function ownCommunityId(ctx: Ctx, given: IdInput): Promise<number> {
    const actor = requireBrandMember(ctx);
    const id = parseId(given);
    if (!id || !(await brandOwnsCommunity(ctx.em, actor.brandId, id))) throw adminNotFound();
    return id;
  }

  /** GET /brand/api/v1/communities?page=n: community-lists.ts. */
  const portalList = (ctx: Ctx, input: PortalCommunitiesQuery) => portalCommunityList(ctx, input);

  /** GET /brand/api/v1/communities/{id}: the form's data (as the admin's), the brand's own communities only. */
  async function portalDetail(ctx: Ctx, input: { id: IdInput }): Promise<AdminCommunity> {
    return adminJson(ctx.em, await ownCommunityId(ctx, input.id));
  }

  /** POST /brand/api/v1/communities: the admin's creation, linked to the member's brand (brand_communities). */
  async function portalCreate(ctx: Ctx, input: CommunityFormInput): Promise<AdminCommunity> {
    const actor = requireBrandMember(ctx);
    return createCommunity(ctx, input, actor.brandId);
  }

  /** PUT /brand/api/v1/communities/{id}: the admin's update, the brand's own communities only. */
  async function portalUpdate(ctx: Ctx, input: CommunityFormInput & { id: IdInput }): Promise<AdminCommunity> {
    return updateCommunity(ctx, await ownCommunityId(ctx, input.id), input, adminNotFound);
  }

  return {
    detail,
    apply,
    adminList,
    assignBrand,
    adminDetail,
    create,
    update,
    portalList,
    portalDetail,
    portalCreate,
    portalUpdate,
    portalApplications: portalApplicationList,
    portalApplication: applications.portalApplicationDetail,
    portalSetHandled: (ctx: Ctx, input: HandledInput) => applications.portalSetApplicationHandled(ctx, input, audit),
    adminApplications: adminApplicationList,
    adminApplication: applications.adminApplicationDetail,
    adminSetApplicationHandled: (ctx: Ctx, input: HandledInput) => applications.adminSetApplicationHandled(ctx, input, audit),
  };
}

export type CommunitiesService = ReturnType<typeof createCommunitiesService>;
