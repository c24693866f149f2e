// Review reads (one statement per list, no entity hydration). Server-only. The count and the mean are the
// experience's rating summary (experiences.review_count, review_average), kept by the reviews_summary trigger.
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import { EXPERIENCE_SUMMARY_COLUMNS, type ExperienceSummaryRow } from '#src/modules/experiences/experiences.repository';
import type { ReviewJson } from './reviews.schemas';

export interface ReviewRow {
  id: number;
  guest_name: string;
  guest_avatar_url: string | null;
  posted_at: Date;
  /** numeric(2,1) arrives as a string. */
  rate: string;
  content: string;
  host_reply_content: string | null;
  host_replied_at: Date | null;
  host_reply_user_name: string | null;
}

const REVIEW_PAGE = readStatement(
  `SELECT ${EXPERIENCE_SUMMARY_COLUMNS}, e.review_count AS total, e.review_average AS average_rate, r.review_id, r.guest_name, r.guest_avatar_url, r.posted_at,
    r.rate, r.content, r.host_reply_content, r.host_replied_at, r.host_reply_user_name
  FROM experiences e
  LEFT JOIN LATERAL (
    SELECT rv.id AS review_id, g.name AS guest_name, g.avatar_url AS guest_avatar_url, rv.posted_at, rv.rate, rv.content,
      rv.host_reply_content, rv.host_replied_at, hr.name AS host_reply_user_name
    FROM reviews rv JOIN users g ON g.id = rv.guest_id LEFT JOIN users hr ON hr.id = rv.host_reply_user_id
    WHERE rv.experience_id = e.id ORDER BY rv.posted_at DESC, rv.id DESC LIMIT ? OFFSET ?) r ON true
  WHERE e.id = ?`,
);

/**
 * A page of an experience's reviews (newest first), their total and the experience's summary (visibility), in one
 * statement; null when the experience does not exist.
 */
export async function findReviewPage(
  em: SqlReader,
  query: { id: number; viewerId: number | null; limit: number; offset: number },
): Promise<{ experience: ExperienceSummaryRow; rows: ReviewRow[]; total: number; averageRate: number | null } | null> {
  const result = await readRows<
    ExperienceSummaryRow & Omit<ReviewRow, 'id'> & { review_id: number | null; total: number; average_rate: string | number | null }
  >(em, REVIEW_PAGE, [query.viewerId, query.limit, query.offset, query.id]);
  const first = result[0];
  if (!first) return null;
  const experience: ExperienceSummaryRow = {
    id: first.id,
    approve: first.approve,
    host_user_id: first.host_user_id,
    host_ambassador_id: first.host_ambassador_id,
    hosted_by: first.hosted_by,
    reservation_deadline: first.reservation_deadline,
    viewer_is_member: first.viewer_is_member,
  };
  const rows = result
    .filter((r) => r.review_id !== null)
    .map((r) => ({
      id: r.review_id as number,
      guest_name: r.guest_name,
      guest_avatar_url: r.guest_avatar_url,
      posted_at: r.posted_at,
      rate: r.rate,
      content: r.content,
      host_reply_content: r.host_reply_content,
      host_replied_at: r.host_replied_at,
      host_reply_user_name: r.host_reply_user_name,
    }));
  return { experience, rows, total: first.total, averageRate: first.average_rate === null ? null : Number(first.average_rate) };
}

/** The review JSON of a row: the same as reviews.service.ts's entity serializer (tests/api/experience-reads.test.ts). */
export function reviewJsonFromRow(review: ReviewRow, hostedBy: string): ReviewJson {
  return {
    id: review.id,
    from_guest: {
      avatar_url: review.guest_avatar_url,
      name: review.guest_name,
      posted_at: new Date(review.posted_at).toISOString(),
      rate: Number(review.rate),
      content: review.content,
    },
    from_host:
      review.host_reply_content && review.host_replied_at
        ? {
            name: review.host_reply_user_name ?? hostedBy,
            posted_at: new Date(review.host_replied_at).toISOString(),
            content: review.host_reply_content,
          }
        : null,
  };
}
