// https://vike.dev/Page — the reviews page (spec §2 "Reviews page").
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { ReviewItem } from '#src/components/ReviewItem';
import { RatingSummary } from '#src/components/RatingSummary';
import { Pagination } from '#src/components/Pagination';
import type { Data } from './+data';
import './reviews.css';

export default function Page() {
  const { experience, reviews } = useData<Data>();
  const base = `/reviews/${experience.id}`;
  return (
    <section className="page page--narrow reviews-page">
      <a className="back-link" href={`/stories/${experience.id}`} data-testid="back-link">
        {ja.browse.backToStory}
      </a>
      <h1 className="reviews-page__title">{ja.browse.reviewsTitle(experience.title)}</h1>
      <p className="reviews-page__count" data-testid="reviews-count">
        {ja.browse.totalCount(reviews.meta.total_count)}
      </p>
      <RatingSummary average={reviews.average_rate} count={reviews.meta.total_count} />
      <div className="panel">
        {reviews.reviews.length === 0 ? (
          <p className="empty reviews-page__empty">{ja.browse.noReviews}</p>
        ) : (
          <ul className="review-list">
            {reviews.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        )}
      </div>
      <Pagination page={reviews.meta.page} totalPages={reviews.meta.total_pages} href={(p) => (p === 1 ? base : `${base}?page=${p}`)} />
    </section>
  );
}
