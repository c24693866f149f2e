// Experience approval (/admin/experiences; not in the spec): the operators' queue of experiences whose
// publication was requested, approval (publish) mailed to the host with the public page and the edit page, and
// rejection with a reason mailed to the host.
//
// Decided here: a rejected experience stays where it is, unpublished (approve = false) with all its content,
// and the reason is kept (experience_rejections) for the host to read; it leaves the queue until the host saves
// it again, which requests publication anew (experience.updated_at passes the rejection). It does not become a
// draft again: drafts are a separate table with other rules, and moving it would lose its calendars.
//
// One approval implementation: experiencesHost.approve publishes; approve() here runs it in a transaction with the
// audit entry and the host's mail, and is what the admin API, the admin page and the CLI `approve-experience` call.
import type { EntityManager } from '@mikro-orm/postgresql';
import { actorLabel, requireAdmin, type Ctx, withEm } from '#src/lib/context';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { ConflictError, NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import type { IdInput } from '#src/lib/isomorphic/ids';
import { parseId, parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { AuditService } from '#src/modules/audit/audit.service';
import type { ExperiencesHostService } from '#src/modules/experiences/experiences.host.service';
import {
  findReviewedExperience,
  lockForReview,
  pendingExperiences,
  unpublishedUpdatedAt,
  type ReviewedExperience,
} from '#src/modules/experiences/approval-queue.repository';
import { memberContacts } from '#src/modules/ambassadors/ambassadors.repository';
import { userNameByEmail } from '#src/modules/users/users.repository';
import { ExperienceRejection, type IExperienceRejection } from './experience-approvals.entity';
import {
  PENDING_EXPERIENCES_PAGE_SIZE,
  pendingQuerySchema,
  rejectExperienceSchema,
  type ApprovalResult,
  type ExperienceRejectionJson,
  type PendingExperience,
  type PendingMeta,
  type PendingQuery,
  type RejectExperienceInput,
  type RejectionResult,
} from './experience-approvals.schemas';
import { transaction } from '#src/lib/transaction';

const m = ja.adminApi.experiences;

export interface ExperienceApprovalsDeps {
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  audit: AuditService;
  /** The one approval (publish) implementation lives in the host service; this adds the audit entry. */
  experiencesHost: Pick<ExperiencesHostService, 'approve'>;
}

const notFound = () => new NotFoundError(ja.adminApi.experienceNotFound, 'experience');

function rejectionJson(row: Pick<IExperienceRejection, 'reason' | 'createdAt'>): ExperienceRejectionJson {
  return { reason: row.reason, rejected_at: new Date(row.createdAt).toISOString() };
}

export function createExperienceApprovalsService(deps: ExperienceApprovalsDeps) {
  const { audit } = deps;
  const baseUrl = publicBaseUrl(deps.env);
  /** The host's page to manage the experience (content and dates), which the approval and the rejection link. */
  const editUrl = (id: number) => `${baseUrl}/host_story/${id}/edit`;

  async function latestRejections(em: EntityManager, ids: number[]): Promise<Map<number, IExperienceRejection>> {
    const result = new Map<number, IExperienceRejection>();
    if (ids.length === 0) return result;
    const rows = await em.find(ExperienceRejection, { experience: { $in: ids } }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    for (const row of rows) if (!result.has(row.experience.id)) result.set(row.experience.id, row);
    return result;
  }

  /** GET /api/v1/admin/experiences?page=&q=&waiting= (ADMIN): the queue, newest request first. */
  async function pending(ctx: Ctx, input: PendingQuery = {}): Promise<{ experiences: PendingExperience[]; meta: PendingMeta }> {
    requireAdmin(ctx);
    const query = parseInput(pendingQuerySchema, input);
    const { rows, meta } = await pendingExperiences(
      ctx,
      { q: query.q, waitingDays: query.waiting ? Number(query.waiting) : undefined },
      query.page,
      PENDING_EXPERIENCES_PAGE_SIZE,
    );
    return {
      experiences: rows.map((row) => {
        const rejection = row.lastRejection;
        return {
          id: row.id,
          title: row.title,
          host_name: row.hostedBy,
          host_kind: row.hostKind,
          submitted_by: row.createdBy,
          submitted_at: row.updatedAt.toISOString(),
          created_at: row.createdAt.toISOString(),
          image_url: row.imageUrl,
          previous_rejection: rejection ? rejectionJson(rejection) : null,
        };
      }),
      meta,
    };
  }

  /**
   * POST /api/v1/admin/experiences/{id}/approval (ADMIN) and the CLI `approve-experience` (operator): publishes
   * through experiencesHost.approve (which checks ADMIN), records the change and mails the host, in one transaction.
   * Only an experience awaiting approval (in the queue) is published: one rejected since its last save waits for the
   * host to save it again, and one whose host left is never published (409 with the reason). Approving a published
   * experience changes nothing (changed: false), records and mails nothing. The row is locked first, so a rejection
   * or the host's save at the same moment is decided before or after this one, never beside it.
   */
  async function approve(ctx: Ctx, input: { id: IdInput }): Promise<ApprovalResult> {
    requireAdmin(ctx);
    const id = parseId(input.id);
    if (!id) throw notFound();
    return transaction(ctx.em, async (em) => {
      const state = await lockForReview(em, id);
      if (!state) throw notFound();
      if (state === 'rejected') throw new ConflictError(m.approveRejected);
      if (state === 'hostLeft') throw new ConflictError(m.approveHostLeft);
      const result = await deps.experiencesHost.approve(withEm(ctx, em), input);
      if (!result.changed) return result;
      audit.record(withEm(ctx, em), {
        entityType: 'experience',
        entityId: result.id,
        action: 'approve',
        before: { approve: false },
        after: { approve: true },
      });
      const experience = await findReviewedExperience(em, result.id);
      if (!experience) throw notFound();
      const recipients = await hostRecipients(em, experience);
      await enqueueMail(
        em,
        recipients.map((to, i) => ({
          // An experience is published once: two approvals racing each other still mail each address once.
          dedupeKey: `experience_approval:${result.id}:${i}`,
          to: to.email,
          footer: 'user' as const,
          subject: m.approveSubject(experience.title),
          text: mailText({
            name: to.name,
            body: m.approveBody({ title: experience.title, url: `${baseUrl}/stories/${result.id}`, manageUrl: editUrl(result.id) }),
            baseUrl,
          }),
        })),
      );
      await em.flush();
      return result;
    });
  }

  /**
   * Who is told about an approval or a rejection, by name and address: the host user, or every member of the host
   * ambassador; else the submitter.
   */
  async function hostRecipients(em: EntityManager, experience: ReviewedExperience): Promise<{ name: string | null; email: string }[]> {
    const byEmail = async (email: string) => [{ name: await userNameByEmail(em, email), email }];
    if (experience.hostUserEmail) return byEmail(experience.hostUserEmail);
    if (experience.hostAmbassadorId) {
      const members = await memberContacts(em, experience.hostAmbassadorId);
      if (members.length > 0) return members;
    }
    return byEmail(experience.createdByEmail);
  }

  /** POST /api/v1/admin/experiences/{id}/rejection {reason} (ADMIN): stays unpublished; the host gets the reason. */
  async function reject(ctx: Ctx, input: RejectExperienceInput & { id: IdInput }): Promise<RejectionResult> {
    requireAdmin(ctx);
    const id = parseId(input.id);
    if (!id) throw notFound();
    const { reason } = parseInput(rejectExperienceSchema, input);
    return transaction(ctx.em, async (em) => {
      // Locked like an approval, so the two decisions on one experience never run side by side.
      if (!(await lockForReview(em, id))) throw notFound();
      const experience = await findReviewedExperience(em, id);
      if (!experience) throw notFound();
      if (experience.approve) throw new ValidationError({ base: [m.alreadyPublished] });
      const rejection = em.create(ExperienceRejection, { experience: id, reason, rejectedBy: actorLabel(ctx.actor) });
      await em.flush();
      const recipients = await hostRecipients(em, experience);
      await enqueueMail(
        em,
        recipients.map((to, i) => ({
          dedupeKey: `experience_rejection:${rejection.id}:${i}`,
          to: to.email,
          // The host user, the host ambassador's members or the experience's author: marketplace users all.
          footer: 'user' as const,
          subject: m.rejectSubject(experience.title),
          text: mailText({ name: to.name, body: m.rejectBody({ title: experience.title, reason, url: editUrl(id) }), baseUrl }),
        })),
      );
      audit.record(withEm(ctx, em), { entityType: 'experience', entityId: id, action: 'reject', after: { reason } });
      await em.flush();
      return { id, title: experience.title, approve: false, rejection: rejectionJson(rejection) };
    });
  }

  /**
   * The reason the host should see on their experience (the host's list and edit page): the latest rejection,
   * while the experience has not been saved again since. No permission check: callers show it only to whoever
   * may manage the experience.
   */
  async function currentRejection(ctx: Ctx, input: { id: IdInput }): Promise<ExperienceRejectionJson | null> {
    const id = parseId(input.id);
    if (!id) return null;
    return (await rejectionsStillCurrent(ctx.em, [id])).get(id) ?? null;
  }

  /**
   * currentRejection for several experiences at once (the host's list, `{ ids }`): the ids that have a current
   * rejection, with it. Two statements whatever the number of ids.
   */
  async function currentRejections(ctx: Ctx, input: { ids: number[] }): Promise<Map<number, ExperienceRejectionJson>> {
    return rejectionsStillCurrent(ctx.em, input.ids);
  }

  /** THE rule: an unpublished experience's latest rejection, unless the experience was saved after it. */
  async function rejectionsStillCurrent(em: EntityManager, ids: number[]): Promise<Map<number, ExperienceRejectionJson>> {
    const updated = await unpublishedUpdatedAt(em, ids);
    const latest = await latestRejections(em, [...updated.keys()]);
    const result = new Map<number, ExperienceRejectionJson>();
    for (const [id, updatedAt] of updated) {
      const rejection = latest.get(id);
      if (rejection && new Date(rejection.createdAt).getTime() >= updatedAt.getTime()) result.set(id, rejectionJson(rejection));
    }
    return result;
  }

  return { pending, approve, reject, currentRejection, currentRejections };
}

export type ExperienceApprovalsService = ReturnType<typeof createExperienceApprovalsService>;
