// https://vike.dev/Page — /host/reviews: the host (or an ambassador member) reads the reviews of their
// experiences and replies once to each; the reply then shows under the review on /stories/{id} and /reviews/{id}.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { Field, FormErrors, useForm } from '#src/components/form';
import { ReviewItem } from '#src/components/ReviewItem';
import { LiveRegion } from '#src/components/LiveRegion';
import { Pagination } from '#src/components/Pagination';
import { REPLY_CONTENT_MAX, replySchema, type HostReviewJson, type ReplyInput } from '#src/modules/reviews/review-posting.schemas';
import type { ReviewJson } from '#src/modules/reviews/reviews.schemas';
import type { Data } from './+data';
import './host-reviews.css';

const t = ja.reviewPosting;

function ReplyForm({ review, onReplied }: { review: HostReviewJson; onReplied: (result: ReviewJson) => void }) {
  const form = useForm<ReplyInput, ReviewJson>({
    schema: replySchema,
    path: `/api/v1/reviews/${review.id}/reply`,
    toValues: (data) => ({ content: String(data.get('content') ?? '') }),
    onSuccess: (result) => onReplied(result),
  });
  return (
    <form className="form host-reviews__reply" {...form.formProps} data-testid="reply-form">
      <FormErrors messages={form.errors} />
      <Field
        name="content"
        id={`reply-${review.id}`}
        label={t.replyLabel}
        required
        max={REPLY_CONTENT_MAX}
        messages={form.messages('content')}
      >
        {(control) => <textarea className="textarea" {...control} rows={4} />}
      </Field>
      <button type="submit" className="button" {...form.submitProps} data-testid="reply-submit">
        {form.submitting ? t.replySubmitting : t.replySubmit}
      </button>
    </form>
  );
}

function HostReview({ review: initial }: { review: HostReviewJson }) {
  const [review, setReview] = useState(initial);
  const [replied, setReplied] = useState(false);
  return (
    <li className="panel host-reviews__item" id={`review-${review.id}`} data-testid="host-review">
      <p className="host-reviews__experience">
        <a href={`/stories/${review.experience.id}`}>{review.experience.title}</a>
        {review.can_reply && <span className="badge">{t.unreplied}</span>}
      </p>
      <ul className="review-list">
        <ReviewItem review={review} />
      </ul>
      {/* On every review the host may answer, from the first render, so that the notice is read out. */}
      {initial.can_reply && <LiveRegion>{replied && <p className="alert alert--success">{t.replied}</p>}</LiveRegion>}
      {review.can_reply && (
        <ReplyForm
          review={review}
          onReplied={(result) => {
            setReview({ ...review, ...result, can_reply: false });
            setReplied(true);
          }}
        />
      )}
    </li>
  );
}

export default function Page() {
  const { reviews } = useData<Data>();
  return (
    <section className="page page--narrow host-reviews">
      <h1 className="page__title">{t.hostTitle}</h1>
      <p className="muted">{t.hostLead}</p>
      {reviews.reviews.length === 0 ? (
        <p className="empty">{t.hostEmpty}</p>
      ) : (
        <ul className="host-reviews__list">
          {reviews.reviews.map((review) => (
            <HostReview key={review.id} review={review} />
          ))}
        </ul>
      )}
      <Pagination
        page={reviews.meta.page}
        totalPages={reviews.meta.total_pages}
        href={(p) => (p === 1 ? '/host/reviews' : `/host/reviews?page=${p}`)}
      />
    </section>
  );
}
