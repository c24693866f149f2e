// https://vike.dev/Page — /reservations/{id}/review: the guest rates the experience (1–5 stars) and writes
// up to 1000 characters, once, after the last booked slot has ended. The review then shows on /stories/{id} and
// /reviews/{id}.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { formatDateJa, formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { Field, FormErrors, useForm } from '#src/components/form';
import { ReviewItem } from '#src/components/ReviewItem';
import { LiveRegion } from '#src/components/LiveRegion';
import { REVIEW_CONTENT_MAX, reviewSchema, type ReviewInput } from '#src/modules/reviews/review-posting.schemas';
import { MAX_STARS, type ReviewJson } from '#src/modules/reviews/reviews.schemas';
import type { Data } from './+data';
import './review-form.css';

const t = ja.reviewPosting;

function StarInput({ value, onChange }: { value: number; onChange: (rate: number) => void }) {
  return (
    <span className="star-input">
      {Array.from({ length: MAX_STARS }, (_, i) => i + 1).map((star) => (
        <label key={star} className={star <= value ? 'star-input__star star-input__star--on' : 'star-input__star'}>
          <input
            type="radio"
            name="rate"
            value={star}
            className="visually-hidden"
            checked={value === star}
            onChange={() => onChange(star)}
            data-testid={`rate-${star}`}
          />
          <span aria-hidden="true">{star <= value ? '★' : '☆'}</span>
          <span className="visually-hidden">{t.rateOption(star)}</span>
        </label>
      ))}
    </span>
  );
}

export default function Page() {
  const { view } = useData<Data>();
  const [rate, setRate] = useState(0);
  const [posted, setPosted] = useState<ReviewJson | null>(null);
  const review = posted ?? view.review;
  const form = useForm<ReviewInput, ReviewJson>({
    schema: reviewSchema,
    path: `/api/v1/reservations/${view.reservation_id}/review`,
    toValues: (data) => ({ rate: Number(data.get('rate') ?? 0), content: String(data.get('content') ?? '') }),
    onSuccess: (result) => setPosted(result),
  });

  return (
    <section className="page page--narrow review-form">
      <a className="back-link" href={`/stories/${view.experience.id}`}>
        {t.backToStory}
      </a>
      <h1 className="page__title">{t.formTitle}</h1>
      <div className="panel review-form__summary">
        <p className="review-form__title">{view.experience.title}</p>
        <p className="muted">{t.reservationNumber(view.reservation_id)}</p>
        <ul className="review-form__slots">
          {view.slots.map((slot) => (
            <li key={`${slot.date}-${slot.start_time}`}>
              {formatDateJa(slot.date)} {ja.reservations.timeRange(slot.start_time, slot.end_time)}
            </li>
          ))}
        </ul>
      </div>

      {/* Outside the part that replaces the form, so that the region is there before the review is posted. */}
      <LiveRegion>{posted && <p className="alert alert--success">{t.posted}</p>}</LiveRegion>
      {review ? (
        <div className="review-form__done" data-testid="review-posted">
          <h2 className="review-form__heading">{t.yourReview}</h2>
          {view.review_hidden && !posted && (
            <p className="alert" data-testid="review-hidden">
              {t.hiddenNotice}
            </p>
          )}
          <ul className="review-list panel">
            <ReviewItem review={review} />
          </ul>
          <a className="button button--ghost" href={`/reviews/${view.experience.id}`}>
            {t.seeAllReviews}
          </a>
        </div>
      ) : view.state === 'not_confirmed' ? (
        <p className="alert alert--info">{t.stateNotConfirmed}</p>
      ) : view.state === 'not_ended' ? (
        <p className="alert alert--info" data-testid="review-not-yet">
          {t.notEnded(formatInstantDateTimeJa(view.opens_at))}
        </p>
      ) : (
        <>
          <FormErrors messages={form.errors} />
          <form className="panel form review-form__form" {...form.formProps}>
            <Field name="rate" label={t.rate} required group messages={form.messages('rate')}>
              {() => <StarInput value={rate} onChange={setRate} />}
            </Field>
            <Field
              name="content"
              label={t.content}
              required
              hint={t.contentHint}
              max={REVIEW_CONTENT_MAX}
              messages={form.messages('content')}
            >
              {(control) => <textarea className="textarea" {...control} rows={8} />}
            </Field>
            <button type="submit" className="button button--block" {...form.submitProps} data-testid="review-submit">
              {form.submitting ? t.submitting : t.submit}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
