// Five stars, filled up to the rounded-down rate (spec §9): a filled star solid (★), an empty one an outline (☆), so
// the two differ by their shape, not only by their colour (global.css, --color-star).
import * as ja from '#src/i18n/ja';
import { filledStars, MAX_STARS } from '#src/modules/reviews/reviews.shared';
import './stars.css';

export function Stars({ rate }: { rate: number }) {
  const filled = filledStars(rate);
  return (
    <span className="stars" role="img" aria-label={ja.browse.rateLabel(filled)} data-filled={filled}>
      {Array.from({ length: MAX_STARS }, (_, i) => i + 1).map((star) => (
        <span key={star} className={star <= filled ? 'stars__star stars__star--on' : 'stars__star'} aria-hidden="true">
          {star <= filled ? '★' : '☆'}
        </span>
      ))}
    </span>
  );
}
