// The brand portal's experience screens (/brand/communities/{id}/experience): a community's experiences
// (future or past in Japan time) and the participant and recruitment numbers per date. Only communities of the
// signed-in member's brand (brands.repository findBrandCommunity / brandOwnsCommunity): anything else is 404.
// The portal's other calls live with their modules (brand-members, communities, ambassadors).
import { readPage } from '#src/lib/paging';
import { requireBrandMember, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { brandOwnsCommunity, findBrandCommunity } from '#src/modules/brands/brands.repository';
import {
  communityExperienceIds,
  communityHostAmbassadors,
  experienceCommunity,
  experienceRows,
  participantNumbers,
} from './brand-portal.repository';
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
    const community = communityId ? await findBrandCommunity(ctx.em, actor.brandId, communityId) : null;
    if (!community) throw communityNotFound();
    const query = parseInput(experiencesQuerySchema, input);
    const { rows, meta } = await readPage(query.page, BRAND_PORTAL_PAGE_SIZE, async (limit, offset) => {
      const found = await communityExperienceIds(
        ctx.em,
        community.id,
        query.held_at,
        { limit, offset },
        { q: query.q, ambassadorId: query.ambassador_id },
      );
      return [found.rows, found.total];
    });
    const ids = rows.map((row) => row.id);
    const [details, numbers, ambassadors] = await Promise.all([
      experienceRows(ctx.em, ids),
      participantNumbers(ctx.em, ids),
      communityHostAmbassadors(ctx.em, community.id),
    ]);
    const now = Date.now();
    return {
      community,
      held_at: query.held_at,
      experiences: rows.flatMap((row) => {
        const detail = details.get(row.id);
        if (!detail) return [];
        return [
          {
            experience_id: detail.id,
            experience_name: detail.title,
            ambassador_name: detail.hostName,
            published: detail.published,
            held_at: row.held_at,
            created_at: detail.createdAt.toISOString(),
            state: detail.prefecture,
            participant_numbers: datesOn(numbers.get(row.id) ?? [], query.held_at, now),
          },
        ];
      }),
      ambassadors,
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
    const experience = id ? await experienceCommunity(ctx.em, id) : null;
    if (!experience?.communityId || !(await brandOwnsCommunity(ctx.em, actor.brandId, experience.communityId))) {
      throw experienceNotFound();
    }
    const query = parseInput(participantNumbersQuerySchema, input);
    const numbers = (await participantNumbers(ctx.em, [experience.id])).get(experience.id) ?? [];
    return {
      experience_id: experience.id,
      experience_name: experience.title,
      participant_numbers: query.held_at ? datesOn(numbers, query.held_at, Date.now()) : numbers,
    };
  }

  return { experiences, experienceParticipantNumbers };
}

export type BrandPortalService = ReturnType<typeof createBrandPortalService>;
