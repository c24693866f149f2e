// One review: guest avatar, name, stars, date, content, and the host's reply when present (spec §2 "Reviews page").
import * as ja from '#src/i18n/ja';
import { formatInstantDateJa } from '#src/lib/isomorphic/dates';
import type { ReviewJson } from '#src/modules/reviews/reviews.schemas';
import { Avatar } from './Avatar';
import { Stars } from './Stars';
import './review-item.css';

export function ReviewItem({ review }: { review: ReviewJson }) {
  const guest = review.from_guest;
  return (
    <li className="review" data-testid="review">
      <div className="review__head">
        <Avatar url={guest.avatar_url} name={guest.name} size={40} />
        <div>
          <p className="review__name">{guest.name}</p>
          <p className="review__meta">
            <Stars rate={guest.rate} />
            <time dateTime={guest.posted_at}>{formatInstantDateJa(guest.posted_at)}</time>
          </p>
        </div>
      </div>
      <p className="review__content">{guest.content}</p>
      {review.from_host && (
        <div className="review__reply">
          <p className="review__reply-head">
            <strong>{ja.browse.hostReply}</strong>
            <span>{review.from_host.name}</span>
            <time dateTime={review.from_host.posted_at}>{formatInstantDateJa(review.from_host.posted_at)}</time>
          </p>
          <p className="review__content">{review.from_host.content}</p>
        </div>
      )}
    </li>
  );
}
