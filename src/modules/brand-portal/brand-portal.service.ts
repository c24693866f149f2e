// The brand portal's experience screens (/brand/communities/{id}/experience): a community's experiences
// (future or past in Japan time) and the participant and recruitment numbers per date. Only communities of the
// signed-in member's brand (brandPortalCommunity, brands.repository brandOwnsCommunity): anything else is 404.
// The portal's other calls live with their modules (brand-members, communities, ambassadors).
import { requireBrandMember, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { inIdOrder } from '#src/lib/list-sql';
import * as ja from '#src/i18n/ja';
import { brandOwnsCommunity } from '#src/modules/brands/brands.repository';
import { brandPortalCommunity, communityExperienceIds, portalExperienceRows } from './brand-portal.repository';
import {
  BRAND_PORTAL_PAGE_SIZE,
  experiencesQuerySchema,
  participantNumbersQuerySchema,
  type BrandExperiencesResponse,
  type HeldAt,
  type ParticipantNumber,
  type ParticipantNumbersResponse,
  type BrandExperiencesQuery,
  type ParticipantNumbersQuery,
} from './brand-portal.schemas';

export type BrandPortalDeps = Record<string, never>;

const communityNotFound = () => new NotFoundError(ja.adminApi.communityNotFound, 'community');
const experienceNotFound = () => new NotFoundError(ja.brandPortalApi.experienceNotFound, 'experience');

/**
 * The dates of one side of the 今後/過去 toggle: future = not started yet, in order; past = started, latest first.
 * The list's rows and the detail panel both show these.
 */
function datesOn(numbers: readonly ParticipantNumber[], heldAt: HeldAt, now: number): ParticipantNumber[] {
  if (heldAt === 'future') return numbers.filter((n) => new Date(n.held_at).getTime() >= now);
  return numbers.filter((n) => new Date(n.held_at).getTime() < now).reverse();
}

export function createBrandPortalService(_deps: BrandPortalDeps = {}) {
  /** GET /brand/api/v1/communities/{community_id}/experiences?held_at=future|past&page=n&q=&ambassador_id= */
  async function experiences(ctx: Ctx, input: { community_id: IdInput } & BrandExperiencesQuery): Promise<BrandExperiencesResponse> {
    const actor = requireBrandMember(ctx);
    const communityId = parseId(input.community_id);
    const found = communityId ? await brandPortalCommunity(ctx.sql, actor.brandId, communityId) : null;
    if (!found) throw communityNotFound();
    const query = parseInput(experiencesQuerySchema, input);
    const { ids, meta } = await communityExperienceIds(
      ctx,
      found.id,
      query.held_at,
      { page: query.page, size: BRAND_PORTAL_PAGE_SIZE },
      { q: query.q, ambassadorId: query.ambassador_id },
    );
    const rows = inIdOrder(ids, await portalExperienceRows(ctx.sql, ids));
    const now = Date.now();
    return {
      community: { id: found.id, name: found.name },
      held_at: query.held_at,
      experiences: rows.map((row) => {
        const dates = datesOn(row.dates, query.held_at, now);
        return {
          experience_id: row.id,
          experience_name: row.title,
          ambassador_name: row.hostName,
          published: row.published,
          // The next date (future) or the latest that has started (past): the first of the side's dates.
          held_at: dates[0]?.held_at ?? null,
          created_at: new Date(row.createdAt).toISOString(),
          state: row.prefecture,
          participant_numbers: dates,
        };
      }),
      ambassadors: found.ambassadors,
      meta,
    };
  }

  /**
   * GET /brand/api/v1/experiences/{id}/participant-numbers[?held_at=future|past] of an experience of the brand:
   * every date in order, or the dates of one side of the toggle exactly as the list shows them.
   */
  async function experienceParticipantNumbers(
    ctx: Ctx,
    input: { id: IdInput } & ParticipantNumbersQuery,
  ): Promise<ParticipantNumbersResponse> {
    const actor = requireBrandMember(ctx);
    const id = parseId(input.id);
    const [experience] = id ? await portalExperienceRows(ctx.sql, [id]) : [];
    if (!experience?.communityId || !(await brandOwnsCommunity(ctx.em, actor.brandId, experience.communityId))) {
      throw experienceNotFound();
    }
    const query = parseInput(participantNumbersQuerySchema, input);
    return {
      experience_id: experience.id,
      experience_name: experience.title,
      participant_numbers: query.held_at ? datesOn(experience.dates, query.held_at, Date.now()) : experience.dates,
    };
  }

  return { experiences, experienceParticipantNumbers };
}

export type BrandPortalService = ReturnType<typeof createBrandPortalService>;
