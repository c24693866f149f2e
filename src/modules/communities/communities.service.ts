// Public communities and community applications (guest-and-host.md §2 "Community application", §3, §5, §7).
// Only published communities are public. An application is validated completely, then stored in one
// transaction together with the notice mails to the community's brand members (durable outbox).
import { pageMeta, pageWithin } from '#src/lib/paging';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isAdmin, requireAdmin, requireBrandMember, requireUser, type Ctx, withEm } from '#src/lib/context';
import { countRowsBy } from '#src/lib/count-rows';
import { isUniqueViolation } from '#src/lib/db-errors';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { NotFoundError, ValidationError, type FieldMessages } from '#src/lib/isomorphic/errors';
import { fieldMessages, parseId, parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import type { ReferenceService } from '#src/modules/reference/reference.service';
import {
  brandCommunityIds,
  brandOwnsCommunity,
  memberRecipientsOfCommunity,
  publishedBrandsOfCommunity,
} from '#src/modules/brands/brands.repository';
import type { BrandsService } from '#src/modules/brands/brands.service';
import {
  BRAND_PORTAL_PAGE_SIZE,
  applicationHandledSchema,
  pageQuerySchema,
  type BrandApplicationDetail,
  type BrandCommunitiesResponse,
} from '#src/modules/brand-portal/brand-portal.schemas';
import { ageOn } from '#src/modules/brand-portal/age';
import { publishedAmbassadorsOfCommunity } from '#src/modules/ambassadors/ambassadors.repository';
import { replaceOwnerImages } from '#src/modules/images/images.repository';
import type { AuditService } from '#src/modules/audit/audit.service';
import {
  Community,
  CommunityApplication,
  CommunityApplicationAnswer,
  CommunityApplicationQuestion,
  type ICommunity,
  type ICommunityApplicationQuestion,
} from './communities.entity';
import {
  checkAnswers,
  communityApplicationSchema,
  communityFormSchema,
  type AdminApplicationItem,
  type AdminCommunity,
  type CommunityFormData,
  type CommunityApplicationData,
  type CommunityApplicationResult,
  type CommunityDetail,
} from './communities.schemas';
import { adminCommunityList, applicationRow, assignCommunityBrand, portalApplicationList } from './community-lists';
import { sortedImageJson } from '#src/modules/images/images.schemas';
import { transaction } from '#src/lib/transaction';

const v = ja.communities.validation;

export interface CommunitiesDeps {
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  audit: AuditService;
  reference: Pick<ReferenceService, 'occupations'>;
  brands: Pick<BrandsService, 'linkCommunity' | 'assignCommunity'>;
}

const c = ja.adminApi.community;

function idOf(input: unknown): number | null {
  if (input == null || typeof input !== 'object') return parseId(input);
  return parseId((input as Record<string, unknown>).id);
}

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

/** The audited state of a community: its fields, image urls and items. */
function snapshot(community: ICommunity, items: ICommunityApplicationQuestion[]): Record<string, unknown> {
  return {
    ...adminFields(community),
    images: sortedImageJson(community.images).map((i) => i.url),
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

/**
 * Parses the payload; zod messages about answers (answers.0.content, ...) are gathered under `answers`, the key
 * the form lists under itself (spec: errors.answers).
 */
function parseApplication(input: unknown): CommunityApplicationData {
  const result = communityApplicationSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: FieldMessages = {};
  for (const [key, messages] of Object.entries(fieldMessages(result.error))) {
    const field = key === 'answers' || key.startsWith('answers.') ? 'answers' : key;
    details[field] = [...new Set([...(details[field] ?? []), ...messages])];
  }
  throw new ValidationError(details);
}

export function createCommunitiesService(deps: CommunitiesDeps) {
  const { audit, reference, brands } = deps;
  const baseUrl = publicBaseUrl(deps.env);

  /** Published for everyone; an ADMIN also finds unpublished ones (as for brands and ambassadors). */
  async function findVisible(ctx: Ctx, id: number | null): Promise<ICommunity> {
    if (!id) throw notFound();
    const community = await ctx.em.findOne(Community, isAdmin(ctx) ? { id } : { id, published: true }, { populate: ['images'] });
    if (!community) throw notFound();
    return community;
  }

  /** GET /api/v1/communities/{id}/detail */
  async function detail(ctx: Ctx, input: unknown): Promise<CommunityDetail> {
    const community = await findVisible(ctx, idOf(input));
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

  /** POST /api/v1/community_applications (signed in). Nothing is stored unless everything is valid. */
  async function apply(ctx: Ctx, input: unknown): Promise<CommunityApplicationResult> {
    const actor = requireUser(ctx);
    const data = parseApplication(input);
    try {
      return await transaction(ctx.em, async (em) => {
        const details: FieldMessages = {};
        const community = await em.findOne(Community, { id: data.community_id, published: true });
        if (!community) throw new ValidationError({ community_id: [v.communityNotFound] });
        if (await em.count(CommunityApplication, { community: community.id, user: actor.id })) {
          throw new ValidationError({ base: [v.alreadyApplied] });
        }
        const occupations = await reference.occupations(withEm(ctx, em));
        if (!occupations.some((o) => o.id === data.occupation_id)) details.occupation_id = [v.occupationRequired];
        const items = await em.find(
          CommunityApplicationQuestion,
          { community: community.id },
          { orderBy: { sortOrder: 'asc', id: 'asc' } },
        );
        const checked = checkAnswers(items, data.answers);
        if (checked.errors.length > 0) details.answers = checked.errors;
        if (Object.keys(details).length > 0) throw new ValidationError(details);

        const application = em.create(CommunityApplication, {
          community,
          user: actor.id,
          occupation: data.occupation_id,
          fullName: data.full_name,
          gender: data.gender,
          postalCode: data.postal_code,
          address: data.address,
          birthday: data.birthday,
        });
        for (const answer of checked.answers) {
          em.create(CommunityApplicationAnswer, { application, question: answer.questionId, content: answer.content });
        }
        await em.flush();

        const recipients = await memberRecipientsOfCommunity(em, community.id);
        const url = `${baseUrl}/brand/community_applications`;
        await enqueueMail(
          em,
          recipients.map((member) => ({
            dedupeKey: `community_application:${application.id}:brand_member:${member.id}`,
            to: member.email,
            footer: 'brand' as const,
            subject: ja.communities.mail.brandSubject(community.name),
            text: ja.communities.mail.brandText({ community: community.name, applicant: data.full_name, url }),
          })),
        );
        return {
          id: application.id,
          community_id: community.id,
          occupation_id: data.occupation_id,
          full_name: data.full_name,
          gender: data.gender,
          postal_code: data.postal_code,
          address: data.address,
          birthday: data.birthday,
          answers: checked.answers.map((a) => ({ community_application_question_id: a.questionId, content: a.content })),
          created_at: new Date(application.createdAt).toISOString(),
        };
      });
    } catch (error) {
      // Two submissions racing past the count above: the unique index decides.
      if (isUniqueViolation(error)) throw new ValidationError({ base: [v.alreadyApplied] });
      throw error;
    }
  }

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

  /** GET /api/v1/admin/communities (ADMIN): every community, newest first. */
  /** GET /api/v1/admin/communities?page=&q=&published=&brand_id= (ADMIN): community-lists.ts. */
  const adminList = (ctx: Ctx, input: unknown = {}) => adminCommunityList(ctx, input);

  /** PUT /api/v1/admin/communities/{id}/brand {brand_id|null} (ADMIN; audited): community-lists.ts. */
  const assignBrand = (ctx: Ctx, input: unknown) => assignCommunityBrand(ctx, input, { audit, brands });

  /** GET /api/v1/admin/communities/{id} (ADMIN): the form's data, hidden items and answer counts included. */
  async function adminDetail(ctx: Ctx, input: unknown): Promise<AdminCommunity> {
    requireAdmin(ctx);
    const id = idOf(input);
    if (!id) throw adminNotFound();
    return adminJson(ctx.em, id);
  }

  /** The one creation (admin and brand portal): fields, images, items, audit; `brandId` links it to that brand. */
  async function createCommunity(ctx: Ctx, input: unknown, brandId: number | null): Promise<AdminCommunity> {
    const data = parseInput(communityFormSchema, input);
    const id = await transaction(ctx.em, async (em) => {
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
  async function updateCommunity(ctx: Ctx, id: number, input: unknown, notFoundError: () => NotFoundError): Promise<AdminCommunity> {
    const data = parseInput(communityFormSchema, input);
    await transaction(ctx.em, async (em) => {
      const community = await em.findOne(Community, { id }, { populate: ['images'] });
      if (!community) throw notFoundError();
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
  async function create(ctx: Ctx, input: unknown): Promise<AdminCommunity> {
    requireAdmin(ctx);
    return createCommunity(ctx, input, null);
  }

  /** PATCH /api/v1/admin/communities/{id} (ADMIN): the whole form (images and items are replaced as listed). */
  async function update(ctx: Ctx, input: unknown): Promise<AdminCommunity> {
    requireAdmin(ctx);
    const id = idOf(input);
    if (!id) throw adminNotFound();
    return updateCommunity(ctx, id, input, adminNotFound);
  }

  // ---- Brand portal: the same form and rules, always within the signed-in member's brand --------------

  /** The id of one of the signed-in member's brand's communities; another brand's or an unknown one is 404. */
  async function ownCommunityId(ctx: Ctx, input: unknown, key = 'id'): Promise<number> {
    const actor = requireBrandMember(ctx);
    const record = input != null && typeof input === 'object' ? (input as Record<string, unknown>) : {};
    const id = parseId(record[key]);
    if (!id || !(await brandOwnsCommunity(ctx.em, actor.brandId, id))) throw adminNotFound();
    return id;
  }

  /** GET /brand/api/v1/communities?page=n: the brand's communities, newest first. */
  async function portalList(ctx: Ctx, input: unknown): Promise<BrandCommunitiesResponse> {
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

  /** GET /brand/api/v1/communities/{id}: the form's data (as the admin's), the brand's own communities only. */
  async function portalDetail(ctx: Ctx, input: unknown): Promise<AdminCommunity> {
    return adminJson(ctx.em, await ownCommunityId(ctx, input));
  }

  /** POST /brand/api/v1/communities: the admin's creation, linked to the member's brand (brand_communities). */
  async function portalCreate(ctx: Ctx, input: unknown): Promise<AdminCommunity> {
    const actor = requireBrandMember(ctx);
    return createCommunity(ctx, input, actor.brandId);
  }

  /** PUT /brand/api/v1/communities/{id}: the admin's update, the brand's own communities only. */
  async function portalUpdate(ctx: Ctx, input: unknown): Promise<AdminCommunity> {
    return updateCommunity(ctx, await ownCommunityId(ctx, input), input, adminNotFound);
  }

  /** The brand's communities' ids for a community_id filter of the other portal modules (404 otherwise). */
  async function portalCommunity(ctx: Ctx, input: unknown): Promise<{ id: number; name: string }> {
    const id = await ownCommunityId(ctx, input, 'community_id');
    const community = await ctx.em.findOneOrFail(Community, { id }, { fields: ['id', 'name'] });
    return { id: community.id, name: community.name };
  }

  const applicationNotFound = () => new NotFoundError(ja.brandPortalApi.applicationNotFound, 'community_application');

  /** GET /brand/api/v1/community-applications?page=&q=&community_id=&handled=&since=&until=: community-lists.ts. */
  const portalApplications = (ctx: Ctx, input: unknown) => portalApplicationList(ctx, input);

  async function ownApplication(ctx: Ctx, input: unknown, em: EntityManager = ctx.em) {
    const actor = requireBrandMember(ctx);
    const id = idOf(input);
    if (!id) throw applicationNotFound();
    const application = await em.findOne(CommunityApplication, { id }, { populate: ['community', 'occupation'] });
    if (!application || !(await brandOwnsCommunity(em, actor.brandId, application.community.id))) throw applicationNotFound();
    return application;
  }

  async function applicationDetail(em: EntityManager, id: number): Promise<BrandApplicationDetail> {
    const fresh = em.fork({ clear: true });
    const application = await fresh.findOneOrFail(CommunityApplication, { id }, { populate: ['community', 'occupation'] });
    const answers = await fresh.find(
      CommunityApplicationAnswer,
      { application: id },
      { populate: ['question'], orderBy: { question: { sortOrder: 'asc', id: 'asc' } } },
    );
    return {
      ...applicationRow(application),
      user_age: ageOn(application.birthday as string | Date, new Date()),
      occupation: application.occupation.name,
      answers: answers.map((a) => ({ question: a.question.name, answer: a.content })),
    };
  }

  /** GET /brand/api/v1/community-applications/{id}: community, applicant, age, occupation, answers, handled. */
  async function portalApplication(ctx: Ctx, input: unknown): Promise<BrandApplicationDetail> {
    const application = await ownApplication(ctx, input);
    return applicationDetail(ctx.em, application.id);
  }

  /** PUT /brand/api/v1/community-applications/{id} ({handled}): saves the 対応済み/未対応 toggle. */
  async function portalSetHandled(ctx: Ctx, input: unknown): Promise<BrandApplicationDetail> {
    const application = await ownApplication(ctx, input);
    const { handled } = parseInput(applicationHandledSchema, input);
    if (application.resolved !== handled) {
      application.resolved = handled;
      await ctx.em.flush();
    }
    return applicationDetail(ctx.em, application.id);
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
    portalCommunity,
    portalApplications,
    portalApplication,
    portalSetHandled,
  };
}

export type CommunitiesService = ReturnType<typeof createCommunitiesService>;
