// Reviews: the public reads of an experience (newest first, with the host's reply and the rating), and the
// writes: the guest of a confirmed reservation posts one review after the last booked slot has ended; the host (or a
// member of the host ambassador) replies once. Each write mails a notice through the outbox, in its transaction.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { requireUser } from '#src/lib/context';
import { ConflictError, ForbiddenError, NotFoundError } from '#src/lib/isomorphic/errors';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { isUniqueViolation } from '#src/lib/db-errors';
import { formatInstantDateTimeJa, japanInstant } from '#src/lib/isomorphic/dates';
import type { IdInput } from '#src/lib/isomorphic/ids';
import { idFrom, parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import type { ExperiencesService } from '#src/modules/experiences/experiences.service';
import { isExperienceHost, requireExperienceRight } from '#src/modules/experiences/experiences.policy';
import { memberAmbassadorIds, ambassadorContact } from '#src/modules/ambassadors/ambassadors.repository';
import { userContact } from '#src/modules/users/users.repository';
import { reservationForReview, type ReservationForReview } from '#src/modules/reservations/reservations.repository';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { MailFooter } from '#src/modules/mail/mail.schemas';
import { Review, type IReview } from './reviews.entity';
import {
  hostReviewsQuerySchema,
  replySchema,
  reviewSchema,
  type HostReviewsJson,
  type HostReviewsQuery,
  type ReplyInput,
  type ReviewInput,
  type ReviewFormState,
  type ReviewFormView,
} from './review-posting.schemas';
import { REVIEWS_PER_PAGE, reviewsQuerySchema, type ReviewJson, type ReviewsJson, type ReviewsQuery } from './reviews.schemas';
import { transaction } from '#src/lib/transaction';

function toReviewJson(review: IReview, hostedBy: string): ReviewJson {
  return {
    id: review.id,
    from_guest: {
      avatar_url: review.guest.avatarUrl ?? null,
      name: review.guest.name,
      posted_at: new Date(review.postedAt).toISOString(),
      rate: Number(review.rate),
      content: review.content,
    },
    from_host:
      review.hostReplyContent && review.hostRepliedAt
        ? {
            name: review.hostReplyUser?.name ?? hostedBy,
            posted_at: new Date(review.hostRepliedAt).toISOString(),
            content: review.hostReplyContent,
          }
        : null,
  };
}

const reservationNotFound = () => new NotFoundError(ja.reservations.reservationNotFound, 'reservation');
const reviewNotFound = () => new NotFoundError(ja.reviewPosting.reviewNotFound, 'review');

/** When the reservation's last booked slot ends (Japan time): the review window opens then. */
function windowOpensAt(reservation: ReservationForReview): Date {
  return new Date(Math.max(...reservation.slots.map((s) => japanInstant(s.date, s.end_time).getTime())));
}

export interface ReviewsDeps {
  experiences: Pick<ExperiencesService, 'findVisible'>;
  env: Pick<Env, 'OFFICE_EMAIL' | 'APP_URL' | 'PORT'>;
}

export function createReviewsService(deps: ReviewsDeps) {
  const { env } = deps;
  const baseUrl = publicBaseUrl(env);

  /**
   * GET /api/v1/experiences/{id}/reviews?page: reviews of a visible experience, newest first, 20 per page;
   * meta.total_count counts all of them and average_rate is the rating. Input: { id, page, per_page? } (per_page:
   * the experience page asks for 2).
   */
  async function listForExperience(ctx: Ctx, input: ReviewsQuery): Promise<ReviewsJson> {
    const query = parseInput(reviewsQuerySchema, input);
    const { experience } = await deps.experiences.findVisible(ctx, input);
    const requested = input.per_page;
    const perPage = typeof requested === 'number' && requested >= 1 && requested <= REVIEWS_PER_PAGE ? requested : REVIEWS_PER_PAGE;
    const [rows, [summary]] = await Promise.all([
      ctx.em.find(
        Review,
        // Hidden by an administrator: out of the list, and of the summary (the trigger counts visible reviews only).
        { experience: experience.id, hiddenAt: null },
        {
          populate: ['guest', 'hostReplyUser'],
          orderBy: { postedAt: 'desc', id: 'desc' },
          limit: perPage,
          offset: (query.page - 1) * perPage,
        },
      ),
      ctx.em.fork().execute<{ total: number; average: string | null }[]>(
        // The rating summary the reviews_summary trigger keeps (Migration20261129160000_guest_features).
        'SELECT review_count AS total, review_average AS average FROM experiences WHERE id = ?',
        [experience.id],
      ),
    ]);
    const total = Number(summary.total);
    return {
      reviews: rows.map((review) => toReviewJson(review, experience.hostedBy)),
      meta: { total_count: total, page: query.page, per_page: perPage, total_pages: Math.max(1, Math.ceil(total / perPage)) },
      average_rate: summary.average === null ? null : Number(summary.average),
    };
  }

  /** The caller's own reservation (404 otherwise: another guest's reservation does not exist for them). */
  async function ownReservation(ctx: Ctx, input: { id: IdInput }): Promise<ReservationForReview> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reservationNotFound);
    const reservation = await reservationForReview(ctx.em, id);
    if (!reservation || reservation.userId !== user.id) throw reservationNotFound();
    return reservation;
  }

  function stateOf(reservation: ReservationForReview, posted: boolean, now: Date): ReviewFormState {
    if (posted) return 'posted';
    if (reservation.status !== 'confirmed') return 'not_confirmed';
    return windowOpensAt(reservation) > now ? 'not_ended' : 'open';
  }

  async function loadReview(em: EntityManager, where: { id: number } | { reservation: number }) {
    return em.findOne(Review, where, { populate: ['guest', 'hostReplyUser', 'experience'] });
  }

  /** What /reservations/{id}/review shows (input: { id }): the reservation, where it stands, the review if posted. */
  async function reviewForm(ctx: Ctx, input: { id: IdInput }): Promise<ReviewFormView> {
    const reservation = await ownReservation(ctx, input);
    const review = await loadReview(ctx.em, { reservation: reservation.id });
    return {
      reservation_id: reservation.id,
      experience: { id: reservation.experienceId, title: reservation.experienceTitle },
      slots: reservation.slots,
      state: stateOf(reservation, review !== null, new Date()),
      opens_at: windowOpensAt(reservation).toISOString(),
      review: review ? toReviewJson(review, review.experience.hostedBy) : null,
      review_hidden: review?.hiddenAt != null,
    };
  }

  /** Where the host's notices go: the host user, else the host ambassador (its e-mail or first member), else the office. */
  async function hostContact(
    em: EntityManager,
    experience: IReview['experience'],
  ): Promise<{ name: string; email: string; footer: MailFooter }> {
    if (experience.hostUser) return { ...(await userContact(em, experience.hostUser.id)), footer: 'user' };
    if (experience.hostAmbassador) {
      const ambassador = await ambassadorContact(em, experience.hostAmbassador.id);
      return { name: ambassador.name, email: ambassador.email ?? env.OFFICE_EMAIL, footer: null };
    }
    return { name: experience.hostedBy, email: env.OFFICE_EMAIL, footer: null };
  }

  /**
   * POST /api/v1/reservations/{id}/review (input: { id, rate, content }): the guest of a confirmed reservation, after
   * its last booked slot has ended (Japan time), posts one review (the unique reservation_id backs "one"). The host
   * gets a notice. 404 another's or an unknown reservation; 422 the body; 409 not confirmed, too early, or already.
   */
  async function post(ctx: Ctx, input: ReviewInput & { id: IdInput }): Promise<ReviewJson> {
    const user = requireUser(ctx);
    const reservation = await ownReservation(ctx, input);
    const data = parseInput(reviewSchema, input);
    const state = stateOf(reservation, (await ctx.em.count(Review, { reservation: reservation.id })) > 0, new Date());
    if (state === 'posted') throw new ConflictError(ja.reviewPosting.alreadyPosted);
    if (state === 'not_confirmed') throw new ConflictError(ja.reviewPosting.notConfirmed);
    if (state === 'not_ended') throw new ConflictError(ja.reviewPosting.notEnded(formatInstantDateTimeJa(windowOpensAt(reservation))));
    let id: number;
    try {
      id = await transaction(ctx.em.fork(), async (tx) => {
        const review = tx.create(Review, {
          experience: reservation.experienceId,
          reservation: reservation.id,
          guest: user.id,
          rate: data.rate,
          content: data.content,
        });
        await tx.flush();
        const saved = await tx.findOneOrFail(Review, { id: review.id }, { populate: ['experience'] });
        const experience = saved.experience;
        const host = await hostContact(tx, experience);
        await enqueueMail(tx, [
          {
            dedupeKey: `review:${review.id}:host`,
            to: host.email,
            footer: host.footer,
            subject: ja.reviewPosting.hostMailSubject(experience.title),
            text: mailText({
              name: host.name,
              body: [
                ja.reviewPosting.hostMailBody(experience.title),
                '',
                ja.reviewPosting.mailAuthor(user.name),
                ja.reviewPosting.mailRate(data.rate),
                ja.reviewPosting.mailContent(data.content),
                '',
                ja.reviewPosting.mailReplyLink(`${baseUrl}/host/reviews#review-${review.id}`),
                ja.reviewPosting.mailReviewsLink(`${baseUrl}/reviews/${experience.id}`),
              ],
              baseUrl,
            }),
          },
        ]);
        return review.id;
      });
    } catch (error) {
      // A twin request posted first: one review per reservation.
      if (isUniqueViolation(error)) throw new ConflictError(ja.reviewPosting.alreadyPosted);
      throw error;
    }
    const review = await loadReview(ctx.em.fork(), { id });
    if (!review) throw reviewNotFound();
    return toReviewJson(review, review.experience.hostedBy);
  }

  /**
   * POST /api/v1/reviews/{id}/reply (input: { id, content }): the experience's host user or a member of its host
   * ambassador replies once; the guest gets a notice. 401 signed out, 404 unknown review (or one of an unpublished
   * experience the caller may not see), 403 anyone else, 422 the body, 409 already replied (a conditional UPDATE, so
   * two racing replies cannot both land).
   */
  async function reply(ctx: Ctx, input: ReplyInput & { id: IdInput }): Promise<ReviewJson> {
    const user = requireUser(ctx);
    const id = idFrom(input, 'id', reviewNotFound);
    const review = await loadReview(ctx.em, { id });
    // A review an administrator hid is shown nowhere, so it has nothing to reply to.
    if (!review || review.hiddenAt) throw reviewNotFound();
    await requireExperienceRight(ctx, review.experience, isExperienceHost, {
      notFound: reviewNotFound,
      forbidden: () => new ForbiddenError(ja.reviewPosting.notHost),
    });
    const data = parseInput(replySchema, input);
    const replied = await transaction(ctx.em.fork(), async (tx) => {
      const rows = await tx.execute<{ id: number }[]>(
        `UPDATE reviews SET host_reply_content = ?, host_reply_user_id = ?, host_replied_at = now(), updated_at = now()
         WHERE id = ? AND host_reply_content IS NULL RETURNING id`,
        [data.content, user.id, id],
      );
      if (rows.length === 0) return false;
      const experience = review.experience;
      await enqueueMail(tx, [
        {
          dedupeKey: `review:${id}:reply`,
          to: review.guest.email,
          footer: 'user',
          subject: ja.reviewPosting.guestMailSubject(experience.title),
          text: mailText({
            name: review.guest.name,
            body: [
              ja.reviewPosting.guestMailBody(experience.title),
              '',
              ja.reviewPosting.mailReply(data.content),
              '',
              ja.reviewPosting.mailReviewsLink(`${baseUrl}/reviews/${experience.id}`),
            ],
            baseUrl,
          }),
        },
      ]);
      return true;
    });
    if (!replied) throw new ConflictError(ja.reviewPosting.alreadyReplied);
    const fresh = await loadReview(ctx.em.fork(), { id });
    if (!fresh) throw reviewNotFound();
    return toReviewJson(fresh, fresh.experience.hostedBy);
  }

  /**
   * The host's reviews page (/host/reviews?page): reviews of the experiences the signed-in user hosts (as the host
   * user or a member of the host ambassador), newest first, each with whether a reply is still possible.
   */
  async function listForHost(ctx: Ctx, input: HostReviewsQuery): Promise<HostReviewsJson> {
    const user = requireUser(ctx);
    const query = parseInput(hostReviewsQuerySchema, input);
    const ambassadorIds = await memberAmbassadorIds(ctx.em, user.id);
    const hosted = ambassadorIds.length
      ? { $or: [{ hostUser: user.id }, { hostAmbassador: { $in: ambassadorIds } }] }
      : { hostUser: user.id };
    const [rows, total] = await ctx.em.findAndCount(
      Review,
      { experience: hosted, hiddenAt: null },
      {
        populate: ['guest', 'hostReplyUser', 'experience'],
        orderBy: { postedAt: 'desc', id: 'desc' },
        limit: REVIEWS_PER_PAGE,
        offset: (query.page - 1) * REVIEWS_PER_PAGE,
      },
    );
    return {
      reviews: rows.map((review) => ({
        ...toReviewJson(review, review.experience.hostedBy),
        experience: { id: review.experience.id, title: review.experience.title },
        can_reply: review.hostReplyContent == null,
      })),
      meta: {
        total_count: total,
        page: query.page,
        per_page: REVIEWS_PER_PAGE,
        total_pages: Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE)),
      },
    };
  }

  return { listForExperience, reviewForm, post, reply, listForHost };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
