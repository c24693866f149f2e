// A host's unfinished experience forms. Drafts are lenient: whatever is filled is saved, within the
// form's lengths and limits; the full rules apply only when the draft becomes a publication request
// (experiences.host.service.ts create with experience_draft_id). A draft is its author's alone: anyone else,
// administrators included, gets the unknown id's 404, so nobody learns which draft ids exist.
import { readPage } from '#src/lib/paging';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import type { IdInput } from '#src/lib/isomorphic/ids';
import { idFrom, parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { isAdmin, requireUser } from '#src/lib/context';
import { addImages } from '#src/modules/images/images.repository';
import { type FormImageJson, formImageJson } from '#src/modules/images/images.schemas';
import { requireUploaded } from '#src/modules/uploads/uploads.repository';
import { ExperienceDraft, type IExperienceDraft } from './experience-drafts.entity';
import { OWN_EXPERIENCES_PAGE_SIZE, type OwnListQuery } from '#src/modules/experiences/experiences.host.schemas';
import {
  draftSchema,
  type DraftData,
  type DraftFormData,
  type DraftFormInput,
  type DraftJson,
  type DraftList,
} from '#src/modules/experience-drafts/experience-drafts.schemas';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';

const m = ja.hostStory.errors;

function toJson(draft: IExperienceDraft): DraftJson {
  // Drafts saved before titles were required have none: the form shows an empty title to fill in.
  return { ...(draft.data as DraftData), id: draft.id, title: draft.title ?? '', images: draft.images.getItems().map(formImageJson) };
}

const draftNotFound = () => new NotFoundError(m.draftNotFound, 'experience_draft');

/** The actor's draft with that id; an unknown id and someone else's draft are the same 404 (one query for both). */
async function loadOwn(ctx: Ctx, input: { id: IdInput }, options: { images: boolean } = { images: true }): Promise<IExperienceDraft> {
  const actor = requireUser(ctx);
  const id = idFrom(input, 'id', draftNotFound);
  const draft = await ctx.em.findOne(ExperienceDraft, { id, user: actor.id }, { populate: options.images ? ['images'] : [] });
  if (!draft) throw draftNotFound();
  return draft;
}

function parseDraft(ctx: Ctx, input: DraftFormInput): { data: DraftData; images: DraftFormData['images'] } {
  const { images, ...data } = parseInput(draftSchema, input);
  // Only admins choose a host to act for; anyone else's proxy_user_id means nothing.
  if (!isAdmin(ctx)) data.proxy_user_id = null;
  return { data, images };
}

function writeImages(em: EntityManager, draft: IExperienceDraft, images: DraftFormData['images']): void {
  for (const image of draft.images.getItems()) em.remove(image);
  addImages(em, { experienceDraft: draft }, images);
}

/**
 * GET /api/v1/experience_drafts?page=: the signed-in user's drafts, last edited first, OWN_EXPERIENCES_PAGE_SIZE per
 * page like their experiences (a malformed page is a 422; a page past the end is empty).
 */
async function list(ctx: Ctx, input: OwnListQuery = {}): Promise<DraftList> {
  const actor = requireUser(ctx);
  const { page } = parseInput(listQuerySchema, input);
  const { rows: drafts, meta } = await readPage(page, OWN_EXPERIENCES_PAGE_SIZE, (limit, offset) =>
    ctx.em.findAndCount(
      ExperienceDraft,
      { user: actor.id },
      { populate: ['images'], orderBy: { updatedAt: 'desc', id: 'desc' }, limit, offset },
    ),
  );
  return {
    experience_drafts: drafts.map((d) => ({ id: d.id, title: d.title ?? null, images: d.images.getItems().map(formImageJson) })),
    meta,
  };
}

/** GET /api/v1/experience_drafts/{id} */
async function get(ctx: Ctx, input: { id: IdInput }): Promise<DraftJson> {
  return toJson(await loadOwn(ctx, input));
}

/**
 * POST /api/v1/experience_drafts. `known`: images the author already has elsewhere (a withdrawn experience's), accepted
 * as they are; any other must have been uploaded.
 */
async function create(deps: ExperienceDraftsDeps, ctx: Ctx, input: DraftFormInput, known: FormImageJson[] = []): Promise<DraftJson> {
  const actor = requireUser(ctx);
  const { data, images } = parseDraft(ctx, input);
  await requireUploaded(ctx.em, images, { hosted: deps.imageHosting, known });
  const draft = ctx.em.create(ExperienceDraft, { user: actor.id, title: data.title, data });
  writeImages(ctx.em, draft, images);
  await ctx.em.flush();
  return toJson(draft);
}

/** PUT /api/v1/experience_drafts/{id}: replaces the draft's fields and images (its current ones pass as they are). */
async function update(deps: ExperienceDraftsDeps, ctx: Ctx, input: DraftFormInput & { id: IdInput }): Promise<DraftJson> {
  const draft = await loadOwn(ctx, input);
  const { data, images } = parseDraft(ctx, input);
  await requireUploaded(ctx.em, images, { hosted: deps.imageHosting, known: draft.images.getItems().map(formImageJson) });
  draft.title = data.title;
  draft.data = data;
  writeImages(ctx.em, draft, images);
  await ctx.em.flush();
  return toJson(draft);
}

/**
 * DELETE /api/v1/experience_drafts/{id}: the author deletes their draft (404 unknown or someone else's);
 * its image rows go with it (ON DELETE CASCADE).
 */
async function remove(ctx: Ctx, input: { id: IdInput }): Promise<void> {
  // Images not loaded: the database deletes them with the draft (see takeForPublication).
  const draft = await loadOwn(ctx, input, { images: false });
  ctx.em.remove(draft);
  await ctx.em.flush();
}

export interface ExperienceDraftsDeps {
  /** IMAGE_UPLOAD_URL is set: uploads go to the image hosting service, not the local store. */
  imageHosting: boolean;
}

export function createExperienceDraftsService(deps: ExperienceDraftsDeps) {
  /**
   * The draft a publication request comes from (input: { id }): 404 unknown or not the actor's; removed in the
   * caller's transaction (pass its EntityManager in ctx), which flushes it with the new experience.
   */
  async function takeForPublication(ctx: Ctx, input: { id: IdInput }): Promise<void> {
    // Images not loaded: the database deletes them with the draft (a loaded collection would be detached first,
    // which the images' one-owner CHECK refuses).
    const draft = await loadOwn(ctx, input, { images: false });
    ctx.em.remove(draft);
  }

  return {
    list,
    get,
    create: (ctx: Ctx, input: DraftFormInput, known?: FormImageJson[]) => create(deps, ctx, input, known),
    update: (ctx: Ctx, input: DraftFormInput & { id: IdInput }) => update(deps, ctx, input),
    remove,
    takeForPublication,
  };
}

export type ExperienceDraftsService = ReturnType<typeof createExperienceDraftsService>;
