// Public read side of experiences: the /stories list with filters, the detail, other experiences by the same host,
// the home page blocks and the sitemap. Guests only ever see published (approve = true) experiences; the host
// user, members of the hosting ambassador and admins may also read an unpublished one's detail.
import type { FilterQuery } from '@mikro-orm/core';
import { userOf, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/errors';
import { idFrom, parseId, parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { Experience, type IExperience } from './experiences.entity';
import { canManageExperience, visibleRowOr404 } from './experiences.policy';
import { findExperienceRow, findOtherExperienceRows } from './experiences.repository';
import { findCategory, findPrefecture, findTheme } from '#src/modules/reference/reference.repository';
import {
  EXPERIENCE_CARD_POPULATE,
  toExperienceCardJson,
  toExperienceCardJsonFromRow,
  toExperienceJsonFromRow,
} from './experiences.serializers';
import {
  OTHER_EXPERIENCES_LIMIT,
  STORIES_PER_PAGE,
  storiesQuerySchema,
  type ExperienceCardJson,
  type ExperienceJson,
  type HomeJson,
  type OtherExperiencesJson,
  type StoriesFilter,
  type StoriesListJson,
} from './experiences.schemas';

const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

function notFound(): NotFoundError {
  return new NotFoundError(ja.browse.experienceNotFound, 'experience');
}

export interface VisibleExperience {
  experience: IExperience;
  /** The actor manages it (experiences.policy canManageExperience). */
  privileged: boolean;
}

/**
 * Loads an experience the actor may see (input: { id }), or throws 404 (unknown id, malformed id, or unpublished and
 * not theirs). Used by calendars, reviews and holding requests so every public read applies the same rule. One
 * query for guests.
 */
async function findVisible(ctx: Ctx, input: unknown): Promise<VisibleExperience> {
  const id = idFrom(input, 'id', notFound);
  const experience = await ctx.em.findOne(Experience, { id });
  if (!experience) throw notFound();
  const privileged = await canManageExperience(ctx, experience);
  if (!experience.approve && !privileged) throw notFound();
  return { experience, privileged };
}

/**
 * GET /api/v1/experiences/{id}: the experience JSON (input: { id }). One statement (the row, its images, options,
 * themes, host and the viewer's membership of the host ambassador), no entity hydration (issue 16).
 */
async function detail(ctx: Ctx, input: unknown): Promise<ExperienceJson> {
  const id = idFrom(input, 'id', notFound);
  const { row, privileged } = visibleRowOr404(ctx, await findExperienceRow(ctx.em, id, userOf(ctx)?.id ?? null), notFound);
  return toExperienceJsonFromRow(row, { privileged });
}

async function resolveState(ctx: Ctx, raw: string): Promise<StoriesFilter> {
  const value = raw.trim();
  const id = /^\d{1,2}$/.test(value) ? parseId(value) : null;
  const prefecture = id ? await findPrefecture(ctx.em, { id }) : value ? await findPrefecture(ctx.em, { name: value }) : null;
  if (!prefecture) throw new NotFoundError(ja.browse.unknownState, 'state');
  return { type: 'location', id: prefecture.id, name: prefecture.name };
}

async function resolveCategory(ctx: Ctx, raw: string): Promise<StoriesFilter> {
  const id = parseId(raw);
  const category = id ? await findCategory(ctx.em, id) : null;
  if (!category) throw new NotFoundError(ja.browse.unknownCategory, 'category');
  return { type: 'category', id: category.id, name: category.name };
}

async function resolveTheme(ctx: Ctx, raw: string): Promise<StoriesFilter> {
  const id = parseId(raw);
  const theme = id ? await findTheme(ctx.em, id) : null;
  if (!theme) throw new NotFoundError(ja.browse.unknownTheme, 'theme');
  return { type: 'theme', id: theme.id, name: theme.name };
}

/**
 * GET /api/v1/stories?page&state&category_id&theme_id: published experiences, newest first, 12 per page.
 * An unknown filter value is a 404 (not an empty list); a page past the end is an empty list.
 */
async function list(ctx: Ctx, input: unknown): Promise<StoriesListJson> {
  const query = parseInput(storiesQuerySchema, input);
  const filters: StoriesFilter[] = [];
  if (query.state !== undefined) filters.push(await resolveState(ctx, query.state));
  if (query.category_id !== undefined) filters.push(await resolveCategory(ctx, query.category_id));
  if (query.theme_id !== undefined) filters.push(await resolveTheme(ctx, query.theme_id));

  const where: FilterQuery<IExperience> = { approve: true };
  for (const filter of filters) {
    if (filter.type === 'location') where.prefecture = filter.id;
    if (filter.type === 'category') where.category = filter.id;
    if (filter.type === 'theme') where.themes = { $some: { id: filter.id } };
  }
  const [rows, total] = await ctx.em.findAndCount(Experience, where, {
    populate: EXPERIENCE_CARD_POPULATE,
    orderBy: NEWEST_FIRST,
    limit: STORIES_PER_PAGE,
    offset: (query.page - 1) * STORIES_PER_PAGE,
  });
  return {
    experiences: rows.map(toExperienceCardJson),
    meta: {
      total_count: total,
      page: query.page,
      per_page: STORIES_PER_PAGE,
      total_pages: Math.max(1, Math.ceil(total / STORIES_PER_PAGE)),
    },
    filters,
  };
}

/** GET /api/v1/experiences/{id}/other_experiences: the same host's other published experiences (at most 6). */
/** One statement: the experience's visibility, the cards and their count. */
async function otherExperiences(ctx: Ctx, input: unknown): Promise<OtherExperiencesJson> {
  const id = idFrom(input, 'id', notFound);
  const found = await findOtherExperienceRows(ctx.em, id, userOf(ctx)?.id ?? null, OTHER_EXPERIENCES_LIMIT);
  visibleRowOr404(ctx, found?.experience ?? null, notFound);
  const { rows, total } = found ?? { rows: [], total: 0 };
  return { experiences: rows.map(toExperienceCardJsonFromRow), meta: { total_count: total } };
}

/** Published experiences hosted by a user, newest first (the public profile page; input: { user_id }). */
async function listByHostUser(ctx: Ctx, input: unknown): Promise<ExperienceCardJson[]> {
  const userId = parseId((input as { user_id?: unknown } | null)?.user_id);
  if (!userId) return [];
  const rows = await ctx.em.find(
    Experience,
    { approve: true, hostUser: userId },
    { populate: EXPERIENCE_CARD_POPULATE, orderBy: NEWEST_FIRST, limit: 100 },
  );
  return rows.map(toExperienceCardJson);
}

/** The home page: new arrivals plus the areas and categories that have published experiences, with counts. */
async function home(ctx: Ctx, _input?: unknown): Promise<HomeJson> {
  const connection = ctx.em.getConnection();
  const [rows, areas, categories] = await Promise.all([
    ctx.em.find(Experience, { approve: true }, { populate: EXPERIENCE_CARD_POPULATE, orderBy: NEWEST_FIRST, limit: 8 }),
    connection.execute<{ id: number; name: string; count: string }[]>(
      `SELECT p.id, p.name, count(*)::text AS count FROM experiences e JOIN prefectures p ON p.id = e.prefecture_id
       WHERE e.approve GROUP BY p.id, p.name ORDER BY p.id`,
    ),
    connection.execute<{ id: number; name: string; count: string }[]>(
      `SELECT c.id, c.name, count(e.id)::text AS count FROM categories c
       LEFT JOIN experiences e ON e.category_id = c.id AND e.approve
       GROUP BY c.id, c.name, c.sort_order ORDER BY c.sort_order, c.id`,
    ),
  ]);
  const toCount = (r: { id: number; name: string; count: string }) => ({ id: r.id, name: r.name, count: Number(r.count) });
  const categoryCounts = categories.map(toCount);
  return {
    new_arrivals: rows.map(toExperienceCardJson),
    areas: areas.map(toCount),
    categories: categoryCounts,
    total_count: categoryCounts.reduce((sum, c) => sum + c.count, 0),
  };
}

/** Every published experience for /sitemap.xml (id and last change). */
async function sitemapEntries(ctx: Ctx, _input?: unknown): Promise<{ id: number; updated_at: string }[]> {
  const rows = await ctx.em
    .getConnection()
    .execute<{ id: number; updated_at: Date }[]>('SELECT id, updated_at FROM experiences WHERE approve ORDER BY id');
  return rows.map((r) => ({ id: r.id, updated_at: new Date(r.updated_at).toISOString() }));
}

export type ExperiencesDeps = Record<string, never>;

export function createExperiencesService(_deps: ExperiencesDeps = {}) {
  return { findVisible, detail, list, otherExperiences, listByHostUser, home, sitemapEntries };
}

export type ExperiencesService = ReturnType<typeof createExperiencesService>;
