// Public read side of experiences: the /stories list with filters (stories-list.ts), the detail, other experiences by the same host,
// the home page blocks and the sitemap. Guests only ever see published (approve = true) experiences; the host
// user, members of the hosting ambassador and admins may also read an unpublished one's detail.
import { userOf, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import type { IdInput } from '#src/lib/isomorphic/ids';
import { idFrom, parseId } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { ReferenceService } from '#src/modules/reference/reference.service';
import { Experience, type IExperience } from './experiences.entity';
import { canManageExperience, visibleRowOr404 } from './experiences.policy';
import { findExperienceRow, findOtherExperienceRows } from './experiences.repository';
import {
  EXPERIENCE_CARD_POPULATE,
  toExperienceCardJson,
  toExperienceCardJsonFromRow,
  toExperienceJsonFromRow,
} from './experiences.serializers';
import {
  OTHER_EXPERIENCES_LIMIT,
  type ExperienceCardJson,
  type ExperienceJson,
  type HomeJson,
  type OtherExperiencesJson,
  type StoriesListJson,
} from './experiences.schemas';
import { listStories } from './stories-list';
import { searchPage } from './stories-search';
import type { StoriesQueryInput } from './stories-query.schemas';

const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;
/** How many new arrivals the home page shows. */
const HOME_NEW_ARRIVALS = 8;

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
async function findVisible(ctx: Ctx, input: { id: IdInput }): Promise<VisibleExperience> {
  const id = idFrom(input, 'id', notFound);
  const experience = await ctx.em.findOne(Experience, { id });
  if (!experience) throw notFound();
  const privileged = await canManageExperience(ctx, experience);
  if (!experience.approve && !privileged) throw notFound();
  return { experience, privileged };
}

/**
 * GET /api/v1/experiences/{id}: the experience JSON (input: { id }). One statement (the row, its images, options,
 * themes, host and the viewer's membership of the host ambassador), no entity hydration.
 */
async function detail(ctx: Ctx, input: { id: IdInput }): Promise<ExperienceJson> {
  const id = idFrom(input, 'id', notFound);
  const { row, privileged } = visibleRowOr404(ctx, await findExperienceRow(ctx.sql, id, userOf(ctx)?.id ?? null), notFound);
  return toExperienceJsonFromRow(row, { privileged });
}

/** GET /api/v1/experiences/{id}/other_experiences: the same host's other published experiences (at most 6). */
/** One statement: the experience's visibility, the cards and their count. */
async function otherExperiences(ctx: Ctx, input: { id: IdInput }): Promise<OtherExperiencesJson> {
  const id = idFrom(input, 'id', notFound);
  const found = await findOtherExperienceRows(ctx.sql, id, userOf(ctx)?.id ?? null, OTHER_EXPERIENCES_LIMIT);
  visibleRowOr404(ctx, found?.experience ?? null, notFound);
  const { rows, total } = found ?? { rows: [], total: 0 };
  return {
    experiences: rows.map(toExperienceCardJsonFromRow),
    meta: { total_count: total },
    favorite_ids: rows.filter((row) => row.favorite).map((row) => row.id),
  };
}

/** Published experiences hosted by a user, newest first (the public profile page; input: { user_id }). */
async function listByHostUser(ctx: Ctx, input: { user_id: IdInput }): Promise<ExperienceCardJson[]> {
  const userId = parseId(input.user_id);
  if (!userId) return [];
  const rows = await ctx.em.find(
    Experience,
    { approve: true, hostUser: userId },
    { populate: EXPERIENCE_CARD_POPULATE, orderBy: NEWEST_FIRST, limit: 100 },
  );
  return rows.map(toExperienceCardJson);
}

/**
 * The home page: new arrivals plus the areas and categories that have published experiences, with counts. The new
 * arrivals are the list's first cards (`searchPage`, rows read as the card shows them, no entities).
 */
async function home(ctx: Ctx, _input?: unknown): Promise<HomeJson> {
  const [{ cards }, areas, categories] = await Promise.all([
    searchPage(ctx.sql, { prefectureIds: [], sort: 'newest' }, HOME_NEW_ARRIVALS, 0, new Date()),
    ctx.em.execute<{ id: number; name: string; count: string }[]>(
      `SELECT p.id, p.name, count(*)::text AS count FROM experiences e JOIN prefectures p ON p.id = e.prefecture_id
       WHERE e.approve GROUP BY p.id, p.name ORDER BY p.id`,
    ),
    ctx.em.execute<{ id: number; name: string; count: string }[]>(
      `SELECT c.id, c.name, count(e.id)::text AS count FROM categories c
       LEFT JOIN experiences e ON e.category_id = c.id AND e.approve
       GROUP BY c.id, c.name, c.sort_order ORDER BY c.sort_order, c.id`,
    ),
  ]);
  const toCount = (r: { id: number; name: string; count: string }) => ({ id: r.id, name: r.name, count: Number(r.count) });
  const categoryCounts = categories.map(toCount);
  return {
    new_arrivals: cards,
    areas: areas.map(toCount),
    categories: categoryCounts,
    total_count: categoryCounts.reduce((sum, c) => sum + c.count, 0),
  };
}

/** Every published experience for /sitemap.xml (id and last change). */
async function sitemapEntries(ctx: Ctx, _input?: unknown): Promise<{ id: number; updated_at: string }[]> {
  const rows = await ctx.em.execute<{ id: number; updated_at: Date }[]>('SELECT id, updated_at FROM experiences WHERE approve ORDER BY id');
  return rows.map((r) => ({ id: r.id, updated_at: new Date(r.updated_at).toISOString() }));
}

export interface ExperiencesDeps {
  /** The reference lists the search resolves prefectures, categories and themes against (cached, no query). */
  reference: Pick<ReferenceService, 'prefectures' | 'categories' | 'themes'>;
}

export function createExperiencesService(deps: ExperiencesDeps) {
  /**
   * GET /api/v1/stories and the /stories pages (stories-list.ts); the filters resolve against the reference lists
   * (input: the query).
   */
  async function list(ctx: Ctx, input: StoriesQueryInput): Promise<StoriesListJson> {
    const [prefectures, categories, themes] = await Promise.all([
      deps.reference.prefectures(ctx),
      deps.reference.categories(ctx),
      deps.reference.themes(ctx),
    ]);
    return listStories(ctx, { prefectures, categories, themes }, input);
  }
  return { findVisible, detail, list, otherExperiences, listByHostUser, home, sitemapEntries };
}

export type ExperiencesService = ReturnType<typeof createExperiencesService>;
