// The experience's rating: stars filled up to the rounded-down mean, the mean with one decimal and the
// number of reviews. Nothing without reviews.
import * as ja from '#src/i18n/ja';
import { formatRate } from '#src/modules/reviews/reviews.shared';
import { Stars } from './Stars';
import './rating-summary.css';

export function RatingSummary({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return null;
  return (
    <p className="rating-summary" data-testid="rating-summary">
      <Stars rate={average} />
      <span className="rating-summary__text">{ja.reviewPosting.averageLabel(formatRate(average), count)}</span>
    </p>
  );
}
