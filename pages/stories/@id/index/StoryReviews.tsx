// The experience page's reviews: the average, the first reviews and the link to all of them. Its own module so the
// page loads its code after hydrating (hydrateLater in +Page.tsx).
import { RatingSummary } from '#src/components/RatingSummary';
import { ReviewItem } from '#src/components/ReviewItem';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

export function StoryReviews({ experienceId, reviews }: { experienceId: number; reviews: Data['reviews'] }) {
  return (
    <>
      <RatingSummary average={reviews.average_rate} count={reviews.meta.total_count} />
      {reviews.reviews.length === 0 ? (
        <p className="muted">{ja.browse.noReviews}</p>
      ) : (
        <ul className="review-list">
          {reviews.reviews.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
      {reviews.meta.total_count > reviews.reviews.length && (
        <a className="button button--ghost story__more" href={`/reviews/${experienceId}`} data-testid="all-reviews">
          {ja.browse.allReviews(reviews.meta.total_count)}
        </a>
      )}
    </>
  );
}
