// POST /api/v1/experiences/{id}/holding_requests. Signed out is a 403 (the spec's client sends 403 to /logon),
// stored once per user and experience (unique index), only for published experiences the user does not host.
import { userOf, type Ctx } from '#src/lib/context';
import { ForbiddenError, NotFoundError, ValidationError } from '#src/lib/errors';
import { ja } from '#src/i18n/ja';
import type { ExperiencesService } from '#src/modules/experiences/experiences.service';
import { isExperienceHost } from '#src/modules/experiences/experiences.policy';
import { isUniqueViolation } from '#src/lib/db-errors';
import { HoldingRequest } from './holding-requests.entity';
import type { HoldingRequestJson } from './holding-requests.schemas';

export interface HoldingRequestsDeps {
  experiences: Pick<ExperiencesService, 'findVisible'>;
}

export function createHoldingRequestsService(deps: HoldingRequestsDeps) {
  /** Input: { id } (the experience). */
  async function create(ctx: Ctx, input: unknown): Promise<HoldingRequestJson> {
    const actor = userOf(ctx);
    if (!actor) throw new ForbiddenError(ja.browse.holdingSignIn);
    const { experience } = await deps.experiences.findVisible(ctx, input);
    // Guests can only ask for published experiences, even when the actor could read an unpublished one.
    if (!experience.approve) throw new NotFoundError(ja.browse.experienceNotFound, 'experience');
    if (await isExperienceHost(ctx, experience)) throw ValidationError.of('base', ja.browse.holdingOwn);
    if (await ctx.em.count(HoldingRequest, { experience: experience.id, user: actor.id })) {
      throw ValidationError.of('base', ja.browse.holdingDuplicate);
    }
    const request = ctx.em.create(HoldingRequest, { experience: experience.id, user: actor.id });
    try {
      await ctx.em.flush();
    } catch (error) {
      // Two requests racing: the unique index decides, and the loser gets the same answer as a repeat.
      if (isUniqueViolation(error)) {
        throw ValidationError.of('base', ja.browse.holdingDuplicate);
      }
      throw error;
    }
    return {
      id: request.id,
      experience_id: experience.id,
      created_at: new Date(request.createdAt).toISOString(),
      message: ja.browse.holdingSucceeded,
    };
  }

  return { create };
}

export type HoldingRequestsService = ReturnType<typeof createHoldingRequestsService>;
