// The experience page's data (pages/stories/@id/index/story-data.ts, read by its +onBeforeRender.ts): what the page shows in its HTML, two statements at
// once, each of which checks the experience's visibility itself (the detail with the rating the database keeps and
// the viewer's heart, and the first slot window), so one round trip to PostgreSQL and no entity hydration. The review list and the host's
// other experiences are not here: the page reads them from the API when the reader nears them (docs/decisions/page-render.md).
// The JSON parts are the same as the API's (tests/api/experience-reads.test.ts).
import { userOf, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { idFrom, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { CalendarsService } from '#src/modules/calendars/calendars.service';
import type { CalendarsJson } from '#src/modules/calendars/calendars.schemas';
import type { ExperienceJson } from './experiences.schemas';
import { visibleRowOr404 } from './experiences.policy';
import { findExperienceRow } from './experiences.repository';
import { toExperienceJsonFromRow } from './experiences.serializers';

/** The experience's rating as its reviews' summary shows it: the number of reviews and their mean (null without). */
export interface StoryRating {
  count: number;
  average: number | null;
}

export interface StoryPageData {
  experience: ExperienceJson;
  rating: StoryRating;
  /** Whether the signed-in viewer has it in お気に入り (its heart; false for a guest). */
  favorite: boolean;
  calendars: CalendarsJson;
}

export interface StoryPageDeps {
  calendars: Pick<CalendarsService, 'upcoming'>;
}

function notFound(): NotFoundError {
  return new NotFoundError(ja.browse.experienceNotFound, 'experience');
}

export function createStoryPageService(deps: StoryPageDeps) {
  /** GET /api/v1/experiences/{id}'s JSON, the rating and the viewer's heart, from one statement; 404 like it. */
  async function detailWithRating(ctx: Ctx, id: number): Promise<Omit<StoryPageData, 'calendars'>> {
    const { row, privileged } = visibleRowOr404(ctx, await findExperienceRow(ctx.sql, id, userOf(ctx)?.id ?? null), notFound);
    const average = row.review_average === null ? null : Number(row.review_average);
    return {
      experience: toExperienceJsonFromRow(row, { privileged }),
      rating: { count: row.review_count, average },
      favorite: row.viewer_favorite,
    };
  }

  /** Everything /stories/{id} renders on the server (input: { id }); 404 like GET /api/v1/experiences/{id}. */
  async function data(ctx: Ctx, input: { id: IdInput }): Promise<StoryPageData> {
    const id = idFrom(input, 'id', notFound);
    const [detail, calendars] = await Promise.allSettled([detailWithRating(ctx, id), deps.calendars.upcoming(ctx, { id })]);
    // The detail's answer decides (404 for an experience the actor may not see); then the slots' failure.
    if (detail.status === 'rejected') throw detail.reason;
    if (calendars.status === 'rejected') throw calendars.reason;
    return { ...detail.value, calendars: calendars.value };
  }

  return { data };
}

export type StoryPageService = ReturnType<typeof createStoryPageService>;
