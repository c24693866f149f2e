// The host side of experiences: publication requests, updates, the host's own list, approval, and the
// choice lists of the form. The public read side is experiences.service.ts; both share experiences.serializers.ts.
//
// Who hosts (decided here, the spec leaves it open): a user who is a member of an ambassador (GET /api/v1/me
// current_ambassador_id, their first membership) hosts as that ambassador; anyone else hosts as themselves. An
// admin sending proxy_user_id creates the experience as that user would (the same rule applied to that user).
// Who may read and change an experience: its host user, any member of its host ambassador, and admins (requireManage).
import { readPage } from '#src/lib/paging';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type FieldMessages } from '#src/lib/isomorphic/errors';
import type { IdInput } from '#src/lib/isomorphic/ids';
import { idFrom, parseInput } from '#src/lib/isomorphic/validate';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import { requireAdmin, requireUser, type Ctx, withEm } from '#src/lib/context';
import { findUserSummary } from '#src/modules/users/users.repository';
import type { UsersService } from '#src/modules/users/users.service';
import {
  ambassadorCommunityChoices,
  ambassadorContact,
  ambassadorHasCommunity,
  currentAmbassadorId,
  memberAmbassadorIds,
} from '#src/modules/ambassadors/ambassadors.repository';
import { formImageJson } from '#src/modules/images/images.schemas';
import { countThemes, findCategory, findPrefecture, themeReferences } from '#src/modules/reference/reference.repository';
import { addImages } from '#src/modules/images/images.repository';
import { allUploaded, type UploadCheck } from '#src/modules/uploads/uploads.repository';
import type { ExperienceDraftsService } from '#src/modules/experience-drafts/experience-drafts.service';
import type { ReferenceService } from '#src/modules/reference/reference.service';
import { futureCalendarsJson, syncCalendars } from '#src/modules/calendars/calendar-plan';
import { experienceHasReservations } from '#src/modules/reservations/reservations.repository';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { canManageExperience, requireExperienceRight } from './experiences.policy';
import { Experience, ExperienceOption, type IExperience } from './experiences.entity';
import { EXPERIENCE_JSON_POPULATE, toExperienceJson } from './experiences.serializers';
import {
  experienceSchema,
  OWN_EXPERIENCES_PAGE_SIZE,
  type Choice,
  type ExperienceListItem,
  type FormChoices,
  type ExperienceData,
  type ExperienceFormInput,
  type HostExperienceJson,
  type OwnListQuery,
} from './experiences.host.schemas';
import type { DraftFormInput, DraftJson } from '#src/modules/experience-drafts/experience-drafts.schemas';
import type { ApprovalResult } from '#src/modules/experience-approvals/experience-approvals.schemas';
import { transaction } from '#src/lib/transaction';

const m = ja.hostStory.errors;

const notFound = () => new NotFoundError(ja.browse.experienceNotFound, 'experience');

// ---- Ambassador communities (the ambassador a member acts for: ambassadors.repository currentAmbassadorId) -----------

/** The community choices of the form: the signed-in member's ambassador's communities (ambassador_communities). */
async function ambassadorCommunities(ctx: Ctx): Promise<Choice[]> {
  const actor = requireUser(ctx);
  const ambassadorId = await currentAmbassadorId(ctx.em, actor.id);
  return ambassadorId ? ambassadorCommunityChoices(ctx.em, ambassadorId) : [];
}

/** Every choice list the form needs, for its +data.ts. */
async function formChoices(reference: ExperiencesHostDeps['reference'], ctx: Ctx): Promise<FormChoices> {
  return {
    categories: await reference.categories(ctx),
    themes: await reference.themes(ctx),
    prefectures: await reference.prefectures(ctx),
    communities: await ambassadorCommunities(ctx),
  };
}

// ---- Permissions (experiences.policy) ---------------------------------------------------------------------------------
/** Its hosts and admins; anyone else gets the public read's 404 (an unknown id's) while unpublished, 403 once published. */
async function requireManage(ctx: Ctx, experience: IExperience): Promise<void> {
  await requireExperienceRight(ctx, experience, canManageExperience, { notFound, forbidden: () => new ForbiddenError(m.notOwner) });
}

// ---- Reads -----------------------------------------------------------------------------------------------------------

/**
 * GET /api/v1/experiences?page=: what the signed-in user hosts (and, for admins, what they created for hosts), newest
 * first, OWN_EXPERIENCES_PAGE_SIZE per page (a malformed page is a 422; a page past the end is empty).
 */
async function listOwn(
  ctx: Ctx,
  input: OwnListQuery = {},
): Promise<{ experiences: ExperienceListItem[]; meta: { current_page: number; total_pages: number; total_count: number } }> {
  const actor = requireUser(ctx);
  const { page } = parseInput(listQuerySchema, input);
  const or: FilterQuery<IExperience>[] = [{ hostUser: actor.id }];
  const ambassadorIds = await memberAmbassadorIds(ctx.em, actor.id);
  if (ambassadorIds.length > 0) or.push({ hostAmbassador: { $in: ambassadorIds } });
  if (actor.role === 'ADMIN') or.push({ createdBy: actor.id });
  const { rows, meta } = await readPage(page, OWN_EXPERIENCES_PAGE_SIZE, (limit, offset) =>
    ctx.em.findAndCount(Experience, { $or: or }, { populate: ['images'], orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset }),
  );
  return {
    experiences: rows.map((e) => ({ id: e.id, title: e.title, images: e.images.getItems().map(formImageJson), approve: e.approve })),
    meta,
  };
}

async function hostJson(em: EntityManager, id: number): Promise<HostExperienceJson> {
  const experience = await em.findOneOrFail(Experience, { id }, { populate: EXPERIENCE_JSON_POPULATE });
  return {
    ...toExperienceJson(experience, { privileged: true }),
    images: experience.images.getItems().map(formImageJson),
    ...(await futureCalendarsJson(em, id, todayInJapan())),
  };
}

/** The experience as the edit form needs it (/host_story/{id}/edit). 404 unknown, else refused as requireManage says. */
async function getForEdit(ctx: Ctx, input: { id: IdInput }): Promise<HostExperienceJson> {
  requireUser(ctx);
  const id = idFrom(input, 'id', notFound);
  const experience = await ctx.em.findOne(Experience, { id });
  if (!experience) throw notFound();
  await requireManage(ctx, experience);
  return hostJson(ctx.em, id);
}

// ---- Writes ----------------------------------------------------------------------------------------------------------

interface References {
  categoryId: number;
  prefectureId: number | null;
}

/**
 * Database checks of the form's choices and images, all reported at once (422). `uploads`: whether an image hosting
 * service is configured, and the experience's current images (an update may send them back as they are).
 */
async function checkReferences(em: EntityManager, data: ExperienceData, hostAmbassadorId: number | null, uploads: UploadCheck) {
  const errors: FieldMessages = {};
  if (!(await allUploaded(em, data.images, uploads))) errors.images = [ja.uploads.imageNotUploaded];
  if (!(await findCategory(em, data.category_id))) errors.category_id = [m.categoryUnknown];
  const themeIds = data.themes.map((t) => t.id);
  if ((await countThemes(em, themeIds)) !== themeIds.length) errors.themes = [m.themeUnknown];
  let prefectureId: number | null = null;
  if (!data.online && data.state) {
    const prefecture = await findPrefecture(em, { name: data.state });
    if (prefecture) prefectureId = prefecture.id;
    else errors.state = [m.stateUnknown];
  }
  if (data.community_id) {
    const allowed = hostAmbassadorId ? await ambassadorHasCommunity(em, hostAmbassadorId, data.community_id) : false;
    if (!allowed) errors.community_id = [m.communityNotAllowed];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { categoryId: data.category_id, prefectureId };
}

function fields(data: ExperienceData, refs: References) {
  return {
    title: data.title,
    category: refs.categoryId,
    online: data.online,
    onlineUrl: data.online_url,
    address: data.address,
    prefecture: refs.prefectureId,
    price: data.price as number,
    priceSideNote: data.price_side_note,
    description: data.description,
    inspiration: data.inspiration,
    note: data.note,
    recruitmentNumber: data.recruitment_number,
    setMinimumNumberOfParticipantCount: data.set_minimum_number_of_participant_count,
    minimumNumberOfParticipantCount: data.minimum_number_of_participant_count,
    cancellationPeriod: data.cancellation_period,
    reservationNotice: data.reservation_notice,
    reservationDeadline: data.reservation_deadline,
    addressDisplayable: data.address_displayable,
    community: data.community_id,
  };
}

/** Themes, images and options follow the request: images are replaced, options keep their ids (reservations refer to them). */
async function writeCollections(em: EntityManager, experience: IExperience, data: ExperienceData, isNew: boolean): Promise<void> {
  experience.themes.set(
    themeReferences(
      em,
      data.themes.map((t) => t.id),
    ),
  );
  if (!isNew) {
    for (const image of experience.images.getItems()) em.remove(image);
  }
  addImages(em, { experience }, data.images);

  const existing = new Map(isNew ? [] : experience.options.getItems().map((o) => [o.id, o]));
  const kept = new Set<number>();
  data.options.forEach((option, index) => {
    const row = option.id ? existing.get(option.id) : undefined;
    if (option.id && !row) throw ValidationError.of('options', m.optionsInvalid);
    const values = { name: option.name, description: option.description, price: option.price as number, sortOrder: index };
    if (row) {
      kept.add(row.id);
      Object.assign(row, values);
    } else {
      em.create(ExperienceOption, { experience, ...values });
    }
  });
  for (const [id, row] of existing) if (!kept.has(id)) em.remove(row);
}

/**
 * POST /api/v1/experiences: a publication request. The experience starts unapproved (invisible to guests) until
 * an operator approves it; the draft it came from is deleted; the host's role becomes HOST.
 */
async function create(deps: ExperiencesHostDeps, ctx: Ctx, input: ExperienceFormInput): Promise<HostExperienceJson> {
  const actor = requireUser(ctx);
  const data = parseInput(experienceSchema, input);
  const id = await transaction(ctx.em, async (em) => {
    const tx = withEm(ctx, em);
    let hostUserId = actor.id;
    if (data.proxy_user_id && data.proxy_user_id !== actor.id) {
      if (actor.role !== 'ADMIN') throw new ForbiddenError(m.proxyAdminOnly);
      if (!(await findUserSummary(em, data.proxy_user_id))) throw ValidationError.of('proxy_user_id', m.proxyUserUnknown);
      hostUserId = data.proxy_user_id;
    }
    // 404 unknown or another's; removed with this transaction.
    if (data.experience_draft_id) await deps.experienceDrafts.takeForPublication(tx, { id: data.experience_draft_id });
    const hostUser = await findUserSummary(em, hostUserId);
    if (!hostUser) throw ValidationError.of('proxy_user_id', m.proxyUserUnknown);
    const ambassadorId = await currentAmbassadorId(em, hostUserId);
    const ambassador = ambassadorId ? { id: ambassadorId, ...(await ambassadorContact(em, ambassadorId)) } : null;
    const refs = await checkReferences(em, data, ambassadorId, { hosted: deps.imageHosting });

    const experience = em.create(Experience, {
      ...fields(data, refs),
      hostUser: ambassador ? null : hostUser.id,
      hostAmbassador: ambassador ? ambassador.id : null,
      hostedBy: ambassador ? ambassador.name : hostUser.name,
      createdBy: actor.id,
      approve: false,
      approvedAt: null,
    });
    await writeCollections(em, experience, data, true);
    await syncCalendars(em, experience, data, new Date());
    // The first publication request makes a guest a host (admins stay admins).
    await deps.users.promoteToHost(tx, { id: hostUser.id });
    await em.flush();
    return experience.id;
  });
  return hostJson(ctx.em.fork({ clear: true }), id);
}

/**
 * PUT /api/v1/experiences/{id}: the host (or an admin) changes an experience. Its publication state is kept
 * (a published experience stays published); the host and proxy_user_id never change here.
 */
async function update(deps: ExperiencesHostDeps, ctx: Ctx, input: ExperienceFormInput & { id: IdInput }): Promise<HostExperienceJson> {
  requireUser(ctx);
  const id = idFrom(input, 'id', notFound);
  await transaction(ctx.em, async (em) => {
    // The row lock serializes two saves of the same experience.
    const experience = await em.findOne(Experience, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!experience) throw notFound();
    await requireManage(withEm(ctx, em), experience);
    const data = parseInput(experienceSchema, input);
    await em.populate(experience, ['images', 'options', 'themes']);
    const known = experience.images.getItems().map(formImageJson);
    const refs = await checkReferences(em, data, experience.hostAmbassador?.id ?? null, { hosted: deps.imageHosting, known });
    em.assign(experience, fields(data, refs));
    await writeCollections(em, experience, data, false);
    await syncCalendars(em, experience, data, new Date());
    await em.flush();
    // A raised recruitment number frees seats: the slots with guests waiting offer them in this transaction.
    await deps.offerFreedSeats(em, id);
  });
  return hostJson(ctx.em.fork({ clear: true }), id);
}

/**
 * POST /api/v1/experiences/{id}/draft: the draft-save button of an experience awaiting publication
 * (申請中). Decided here: saving a draft of a pending experience withdraws the publication request. The form's
 * current content becomes a draft of the signed-in user (the draft rules: a title, lengths and limits) and the
 * pending experience, with its slots, rules and options, is deleted in the same transaction, so the admins' queue no
 * longer shows it and the host finishes it as a draft and requests publication again. A published (or once
 * published) experience is never withdrawn (409), nor one that any reservation refers to (409).
 */
async function withdrawToDraft(deps: ExperiencesHostDeps, ctx: Ctx, input: DraftFormInput & { id: IdInput }): Promise<DraftJson> {
  requireUser(ctx);
  const id = idFrom(input, 'id', notFound);
  return transaction(ctx.em, async (em) => {
    const experience = await em.findOne(Experience, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!experience) throw notFound();
    const tx = withEm(ctx, em);
    await requireManage(tx, experience);
    if (experience.approve || experience.approvedAt) throw new ConflictError(ja.details.withdrawPublished);
    if (await experienceHasReservations(em, id)) throw new ConflictError(ja.details.withdrawReserved);
    // The form's other keys (experience_draft_id) are not draft fields; the experience's own images pass as they are.
    const { id: _id, ...fields } = input;
    const known = (await em.populate(experience, ['images'])).images.getItems().map(formImageJson);
    const draft = await deps.experienceDrafts.create(tx, fields, known);
    // Its images, options, themes, slots and rules go with it (ON DELETE CASCADE); the draft keeps the files.
    await em.nativeDelete(Experience, { id });
    return draft;
  });
}

// ---- Approval --------------------------------------------------------------------------------------------------------

/**
 * Publishes a requested experience (input: { id }): POST /api/v1/admin/experiences/{id}/approval (an ADMIN user) and
 * the CLI's approve-experience (the operator). Anyone else: 401 signed out, 403 signed in.
 */
async function approve(ctx: Ctx, input: { id: IdInput }): Promise<ApprovalResult> {
  requireAdmin(ctx);
  const id = idFrom(input, 'id', notFound);
  const experience = await ctx.em.findOne(Experience, { id });
  if (!experience) throw notFound();
  const changed = !experience.approve;
  const approvedAt = changed ? new Date() : (experience.approvedAt ?? new Date());
  if (changed) {
    experience.approve = true;
    experience.approvedAt = approvedAt;
    await ctx.em.flush();
  }
  return { id, title: experience.title, approve: true, approved_at: new Date(approvedAt).toISOString(), changed };
}

export interface ExperiencesHostDeps {
  reference: Pick<ReferenceService, 'categories' | 'themes' | 'prefectures'>;
  users: Pick<UsersService, 'promoteToHost'>;
  experienceDrafts: Pick<ExperienceDraftsService, 'takeForPublication' | 'create'>;
  /** Offers the seats a raised recruitment number adds to the experience's キャンセル待ち lines (reservations/waitlist-offers.ts). */
  offerFreedSeats: (tx: EntityManager, experienceId: number) => Promise<unknown>;
  /** IMAGE_UPLOAD_URL is set: uploads go to the image hosting service, not the local store. */
  imageHosting: boolean;
}

export function createExperiencesHostService(deps: ExperiencesHostDeps) {
  return {
    listOwn,
    getForEdit,
    /** Every choice list the form needs, for its +data.ts. */
    formChoices: (ctx: Ctx, _input?: unknown) => formChoices(deps.reference, ctx),
    create: (ctx: Ctx, input: ExperienceFormInput) => create(deps, ctx, input),
    update: (ctx: Ctx, input: ExperienceFormInput & { id: IdInput }) => update(deps, ctx, input),
    withdrawToDraft: (ctx: Ctx, input: DraftFormInput & { id: IdInput }) => withdrawToDraft(deps, ctx, input),
    approve,
  };
}

export type ExperiencesHostService = ReturnType<typeof createExperiencesHostService>;
