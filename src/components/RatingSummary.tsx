// The experience's rating: stars filled up to the rounded-down mean, the mean with one decimal and the
// number of reviews. Nothing without reviews.
import * as ja from '#src/i18n/ja';
import { formatRate } from '#src/modules/reviews/reviews.shared';
import { Stars } from './Stars';
import './rating-summary.css';

/**
 * What the summary's `<p>` holds: the stars and the words. The experience page renders it on the server only, inside
 * its own `<p className="rating-summary" data-testid="rating-summary">` (src/components/server-html.tsx).
 */
export function RatingSummaryContent({ average, count }: { average: number; count: number }) {
  return (
    <>
      <Stars rate={average} />
      <span className="rating-summary__text">{ja.reviewPosting.averageLabel(formatRate(average), count)}</span>
    </>
  );
}

export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return null;
  return (
    <p className="rating-summary" data-testid="rating-summary">
      <RatingSummaryContent average={average} count={count} />
    </p>
  );
}
