// The administrator's review moderation: every review with its state, newest first; hiding one (with a reason, mailed
// to its author) takes it out of the experience's pages and its rating (the summary trigger counts visible reviews
// only), and showing it again puts it back. Each change is audited in its transaction. Server-only.
import { LockMode } from '@mikro-orm/postgresql';
import { requireAdmin, withEm, type Ctx } from '#src/lib/context';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { ConflictError, NotFoundError } from '#src/lib/isomorphic/errors';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { inIdOrder, pageOfIds, Where } from '#src/lib/list-sql';
import { readRows, readStatement } from '#src/lib/read-sql';
import { transaction } from '#src/lib/transaction';
import * as ja from '#src/i18n/ja';
import type { AuditService } from '#src/modules/audit/audit.service';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { Review } from './reviews.entity';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  adminReviewListQuerySchema,
  hideReviewSchema,
  type AdminReviewJson,
  type AdminReviewListJson,
  type AdminReviewListQuery,
  type HideReviewInput,
} from './review-moderation.schemas';

export interface ReviewModerationDeps {
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  audit: AuditService;
}

const t = ja.adminReviews;
const notFound = () => new NotFoundError(t.reviewNotFound, 'review');

interface ReviewRow {
  id: number;
  experience_id: number;
  title: string;
  guest_id: number;
  guest_name: string;
  rate: string;
  content: string;
  posted_at: Date;
  hidden_at: Date | null;
  hidden_reason: string | null;
}

const REVIEW_ROWS = readStatement(
  `SELECT v.id, v.experience_id, e.title, v.guest_id, u.name AS guest_name, v.rate, v.content, v.posted_at, v.hidden_at,
          v.hidden_reason
     FROM reviews v JOIN experiences e ON e.id = v.experience_id JOIN users u ON u.id = v.guest_id
    WHERE v.id = ANY(?::int[])`,
);

function toJson(row: ReviewRow): AdminReviewJson {
  return {
    id: row.id,
    experience: { id: row.experience_id, title: row.title },
    guest: { id: row.guest_id, name: row.guest_name },
    rate: Number(row.rate),
    content: row.content,
    posted_at: new Date(row.posted_at).toISOString(),
    hidden_at: row.hidden_at ? new Date(row.hidden_at).toISOString() : null,
    hidden_reason: row.hidden_reason,
  };
}

export function createReviewModerationService(deps: ReviewModerationDeps) {
  const baseUrl = publicBaseUrl(deps.env);

  /** GET /api/v1/admin/reviews: newest first, filtered by a keyword (text, experience, author), state and rating. */
  async function list(ctx: Ctx, input: AdminReviewListQuery = {}): Promise<AdminReviewListJson> {
    requireAdmin(ctx);
    const query = parseInput(adminReviewListQuerySchema, input);
    const from = 'reviews v JOIN experiences e ON e.id = v.experience_id JOIN users u ON u.id = v.guest_id';
    const where = new Where().keyword(`tabitoko_list_norm(v.content || E'\\n' || e.title || E'\\n' || u.name)`, query.q);
    if (query.status) where.add(query.status === 'hidden' ? 'v.hidden_at IS NOT NULL' : 'v.hidden_at IS NULL');
    if (query.rate === 'low') where.add('v.rate <= 2');
    const { ids, meta } = await pageOfIds(
      ctx,
      {
        from,
        id: 'v.id',
        where,
        order: [
          ['v.posted_at', 'DESC'],
          ['v.id', 'DESC'],
        ],
        size: ADMIN_REVIEWS_PAGE_SIZE,
      },
      query.page,
    );
    const rows = ids.length ? await readRows<ReviewRow>(ctx.sql, REVIEW_ROWS, [ids]) : [];
    return { reviews: inIdOrder(ids, rows).map(toJson), meta };
  }

  async function one(ctx: Ctx, id: number): Promise<AdminReviewJson> {
    const [row] = await readRows<ReviewRow>(ctx.sql, REVIEW_ROWS, [[id]]);
    if (!row) throw notFound();
    return toJson(row);
  }

  /**
   * POST /api/v1/admin/reviews/{id}/hiding (input: { id, reason }): out of the public lists and the rating; the author
   * is mailed the reason and what they wrote. 409 when hidden already.
   */
  async function hide(ctx: Ctx, input: { id: IdInput } & HideReviewInput): Promise<AdminReviewJson> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', notFound);
    const { reason } = parseInput(hideReviewSchema, input);
    await transaction(ctx.em, async (em) => {
      const review = await em.findOne(Review, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, populate: ['guest', 'experience'] });
      if (!review) throw notFound();
      if (review.hiddenAt) throw new ConflictError(t.alreadyHidden);
      review.hiddenAt = new Date();
      review.hiddenReason = reason;
      deps.audit.record(withEm(ctx, em), { entityType: 'review', entityId: id, action: 'hide', after: { reason } });
      await em.flush();
      await enqueueMail(em, [
        {
          // One mail a hiding: a review hidden again after being shown is told again.
          dedupeKey: `review:${id}:hidden:${review.hiddenAt.getTime()}`,
          to: review.guest.email,
          footer: 'user',
          subject: t.mailSubject(review.experience.title),
          text: mailText({
            name: review.guest.name,
            baseUrl,
            body: [t.mailBody(review.experience.title), '', t.mailReason(reason), '', t.mailContent(review.content), '', t.mailContact],
          }),
        },
      ]);
    });
    return one(ctx, id);
  }

  /** DELETE /api/v1/admin/reviews/{id}/hiding: back in the public lists and the rating. 409 when not hidden. */
  async function show(ctx: Ctx, input: { id: IdInput }): Promise<AdminReviewJson> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', notFound);
    await transaction(ctx.em, async (em) => {
      const review = await em.findOne(Review, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!review) throw notFound();
      if (!review.hiddenAt) throw new ConflictError(t.alreadyVisible);
      const before = { reason: review.hiddenReason };
      review.hiddenAt = null;
      review.hiddenReason = null;
      deps.audit.record(withEm(ctx, em), { entityType: 'review', entityId: id, action: 'unhide', before });
      await em.flush();
    });
    return one(ctx, id);
  }

  return { list, hide, show };
}

export type ReviewModerationService = ReturnType<typeof createReviewModerationService>;
