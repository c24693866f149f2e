// POST /api/v1/experiences/{id}/holding_requests. Signed out is a 403 (the spec's client sends 403 to /logon),
// stored once per user and experience (unique index), only for published experiences the user does not host.
// The host is mailed (in the same transaction, through the outbox) and lists the requests on
// /host/reservations (GET /api/v1/host/holding_requests).
import { requireUser, userOf, type Ctx } from '#src/lib/context';
import { ForbiddenError, NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { ExperiencesService } from '#src/modules/experiences/experiences.service';
import { isExperienceHost } from '#src/modules/experiences/experiences.policy';
import { memberAmbassadorIds } from '#src/modules/ambassadors/ambassadors.repository';
import { userContact, findUserSummary } from '#src/modules/users/users.repository';
import { ambassadorContact } from '#src/modules/ambassadors/ambassadors.repository';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { MailFooter } from '#src/modules/mail/mail.schemas';
import { isUniqueViolation } from '#src/lib/db-errors';
import { HoldingRequest } from './holding-requests.entity';
import {
  HOST_HOLDING_REQUESTS_PER_PAGE,
  hostHoldingRequestsQuerySchema,
  type HoldingRequestJson,
  type HostHoldingRequestsJson,
  type HostHoldingRequestsQuery,
} from './holding-requests.schemas';
import { transaction } from '#src/lib/transaction';

export interface HoldingRequestsDeps {
  experiences: Pick<ExperiencesService, 'findVisible'>;
  env: Pick<Env, 'APP_URL' | 'PORT' | 'OFFICE_EMAIL'>;
}

export function createHoldingRequestsService(deps: HoldingRequestsDeps) {
  const baseUrl = publicBaseUrl(deps.env);
  const m = ja.holdingRequestMail;

  /** Input: { id } (the experience). */
  async function create(ctx: Ctx, input: { id: IdInput }): Promise<HoldingRequestJson> {
    const actor = userOf(ctx);
    if (!actor) throw new ForbiddenError(ja.browse.holdingSignIn);
    const { experience } = await deps.experiences.findVisible(ctx, input);
    // Guests can only ask for published experiences, even when the actor could read an unpublished one.
    if (!experience.approve) throw new NotFoundError(ja.browse.experienceNotFound, 'experience');
    if (await isExperienceHost(ctx, experience)) throw ValidationError.of('base', ja.browse.holdingOwn);
    if (await ctx.em.count(HoldingRequest, { experience: experience.id, user: actor.id })) {
      throw ValidationError.of('base', ja.browse.holdingDuplicate);
    }
    let request: { id: number; createdAt: Date };
    try {
      request = await transaction(ctx.em, async (tx) => {
        const row = tx.create(HoldingRequest, { experience: experience.id, user: actor.id });
        await tx.flush();
        // The host's mail is written with the request: it exists if and only if the request does.
        let host: { name: string; email: string; footer: MailFooter } = {
          name: experience.hostedBy,
          email: deps.env.OFFICE_EMAIL,
          footer: null,
        };
        if (experience.hostUser) host = { ...(await userContact(tx, experience.hostUser.id)), footer: 'user' };
        else if (experience.hostAmbassador) {
          const ambassador = await ambassadorContact(tx, experience.hostAmbassador.id);
          host = { name: ambassador.name, email: ambassador.email ?? deps.env.OFFICE_EMAIL, footer: null };
        }
        const guest = await findUserSummary(tx, actor.id);
        await enqueueMail(tx, [
          {
            dedupeKey: `holding-request:${row.id}:host`,
            to: host.email,
            footer: host.footer,
            subject: m.subject(experience.title),
            text: mailText({
              name: host.name,
              body: [
                m.lead(guest?.name ?? actor.name, experience.title),
                m.hint,
                '',
                m.list(`${baseUrl}/host/reservations#holding-requests`),
              ],
              baseUrl,
            }),
          },
        ]);
        return row;
      });
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

  /** GET /api/v1/host/holding_requests?page=: the requests for the experiences the user hosts, newest first. */
  async function listForHost(ctx: Ctx, input: HostHoldingRequestsQuery): Promise<HostHoldingRequestsJson> {
    const user = requireUser(ctx);
    const q = parseInput(hostHoldingRequestsQuerySchema, input);
    const ambassadors = await memberAmbassadorIds(ctx.em, user.id);
    const hosted =
      ambassadors.length > 0 ? { $or: [{ hostUser: user.id }, { hostAmbassador: { $in: ambassadors } }] } : { hostUser: user.id };
    const [rows, total] = await ctx.em.findAndCount(
      HoldingRequest,
      { experience: hosted },
      {
        populate: ['experience', 'user'],
        orderBy: { createdAt: 'desc', id: 'desc' },
        limit: HOST_HOLDING_REQUESTS_PER_PAGE,
        offset: (q.page - 1) * HOST_HOLDING_REQUESTS_PER_PAGE,
      },
    );
    return {
      holding_requests: rows.map((r) => ({
        id: r.id,
        experience: { id: r.experience.id, title: r.experience.title },
        user: { id: r.user.id, name: r.user.name },
        created_at: new Date(r.createdAt).toISOString(),
      })),
      meta: {
        total_count: total,
        page: q.page,
        per_page: HOST_HOLDING_REQUESTS_PER_PAGE,
        total_pages: Math.ceil(total / HOST_HOLDING_REQUESTS_PER_PAGE),
      },
    };
  }

  return { create, listForHost };
}

export type HoldingRequestsService = ReturnType<typeof createHoldingRequestsService>;
