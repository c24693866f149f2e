// The experience page's first reviews, loaded after the page (AfterLoad in after-load.tsx reads them from
// GET …/reviews). Its own module so its code is a separate chunk. The rating, the count and the link to every review
// are in the page's HTML (+Page.tsx).
import { ReviewItem } from '#src/components/ReviewItem';
import type { ReviewJson } from '#src/modules/reviews/reviews.schemas';

export function StoryReviews({ reviews }: { reviews: ReviewJson[] }) {
  return (
    <ul className="review-list" data-testid="story-reviews">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );
}
