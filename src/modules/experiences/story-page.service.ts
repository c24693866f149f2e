// The experience page's data (pages/stories/@id/index/story-data.ts, read by its +onBeforeRender.ts): what the page
// shows in its HTML, in one statement (one round trip to PostgreSQL, one pooled connection, no entity hydration): the
// detail with the rating the database keeps and the viewer's heart, joined to the first slot window. A window with no
// slot but later ones steps forward with more reads, as the calendars service's `upcoming` does. The review list and
// the host's other experiences are not here: the page reads them from the API when the reader nears them
// (docs/decisions/page-render.md). The JSON parts are the same as the API's (tests/api/experience-reads.test.ts).
import { userOf, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { idFrom, type IdInput } from '#src/lib/isomorphic/validate';
import { readRows, readStatement } from '#src/lib/read-sql';
import * as ja from '#src/i18n/ja';
import type { CalendarsService } from '#src/modules/calendars/calendars.service';
import type { CalendarJson, CalendarsJson } from '#src/modules/calendars/calendars.schemas';
import { SLOT_WINDOW_SQL, slotWindowParams } from '#src/modules/calendars/calendars.repository';
import type { JsonText } from '#src/lib/json-text';
import type { ExperienceJson } from './experiences.schemas';
import { hostsExperienceRow, visibleRowOr404 } from './experiences.policy';
import { EXPERIENCE_ROW_SQL, type ExperienceRow } from './experiences.repository';
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
  /** Whether the signed-in viewer hosts it (its host user or a member of its host ambassador): not theirs to book. */
  own: boolean;
  calendars: CalendarsJson;
}

export interface StoryPageDeps {
  calendars: Pick<CalendarsService, 'upcoming' | 'firstWindow' | 'windowJson'>;
}

/**
 * GET /api/v1/experiences/{id}'s row and the slot window's, side by side: each part keeps its own statement's text
 * (the detail's visibility rule decides for both). No row when the experience does not exist.
 */
const STORY_PAGE = readStatement(
  `SELECT d.row, w.calendars, w.recent, w.reserved FROM (${EXPERIENCE_ROW_SQL}) d CROSS JOIN (${SLOT_WINDOW_SQL}) w`,
);

interface StoryPageRow {
  row: ExperienceRow;
  calendars: JsonText<CalendarJson[]>;
  recent: number;
  reserved: number[];
}

function notFound(): NotFoundError {
  return new NotFoundError(ja.browse.experienceNotFound, 'experience');
}

export function createStoryPageService(deps: StoryPageDeps) {
  /** Everything /stories/{id} renders on the server (input: { id }); 404 like GET /api/v1/experiences/{id}. */
  async function data(ctx: Ctx, input: { id: IdInput }): Promise<StoryPageData> {
    const id = idFrom(input, 'id', notFound);
    const viewerId = userOf(ctx)?.id ?? null;
    const range = deps.calendars.firstWindow();
    const found = await readRows<StoryPageRow>(ctx.sql, STORY_PAGE, [
      viewerId,
      viewerId,
      id,
      ...slotWindowParams({ id, viewerId, ...range }),
    ]);
    const { row, privileged } = visibleRowOr404(ctx, found[0]?.row ?? null, notFound);
    const first = deps.calendars.windowJson(found[0], range);
    const calendars =
      first.calendars.length === 0 && first.meta.recent_count > 0 ? await deps.calendars.upcoming(ctx, { id }, first) : first;
    const average = row.review_average === null ? null : Number(row.review_average);
    return {
      experience: toExperienceJsonFromRow(row, { privileged }),
      rating: { count: row.review_count, average },
      favorite: row.viewer_favorite,
      own: hostsExperienceRow(ctx, row),
      calendars,
    };
  }

  return { data };
}

export type StoryPageService = ReturnType<typeof createStoryPageService>;
