// https://vike.dev/Page — reservation complete (spec guest-and-host.md "Reservation complete"). The flag is consumed
// once the page is shown, so a reload shows the session-expired screen.
import { useEffect, type MouseEvent } from 'react';
import { useData } from 'vike-react/useData';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import type { Data } from './+data';
import './complete.css';

/** Spec §9: share popups are 626 x 436. */
function openShare(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  window.open(event.currentTarget.href, 'share', 'width=626,height=436,noopener');
}

export default function Page() {
  const { completed, tourId, cid, title, shareUrl } = useData<Data>();

  useEffect(() => {
    if (!completed) return;
    api(`/api/v1/reservations/completion?tour_id=${tourId}&cid=${encodeURIComponent(cid)}`, { method: 'DELETE' }).catch((error) =>
      console.error(error),
    );
  }, [completed, tourId, cid]);

  if (!completed) {
    return (
      <section className="page page--narrow reservation-complete" data-testid="reservation-expired">
        <div className="panel reservation-complete__panel">
          <div className="reservation-complete__mark reservation-complete__mark--expired" aria-hidden="true">
            !
          </div>
          <h1>{ja.reservations.expiredTitle}</h1>
          <p>{ja.reservations.expiredLead}</p>
          <p className="reservation-complete__links">
            {tourId && (
              <a className="button" href={`/stories/${tourId}`}>
                {ja.reservations.toExperience}
              </a>
            )}
            <a className="button button--ghost" href="/stories">
              {ja.reservations.errorListLink}
            </a>
          </p>
        </div>
      </section>
    );
  }

  const text = ja.reservations.shareText(title ?? ja.site.name);
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shareUrl)}`;
  const x = `https://twitter.com/intent/tweet?url=${encodeURIComponent(shareUrl)}&text=${encodeURIComponent(text)}`;
  return (
    <section className="page page--narrow reservation-complete" data-testid="reservation-complete">
      <div className="panel reservation-complete__panel">
        <div className="reservation-complete__mark" aria-hidden="true">
          ✓
        </div>
        <h1>{ja.reservations.completeTitle}</h1>
        <p>{ja.reservations.completeLead}</p>
        <p>{ja.reservations.completeMail}</p>
        <p className="muted">
          {ja.reservations.completeInquiryBefore}
          <a href="/inquiry">{ja.reservations.completeInquiryLink}</a>
          {ja.reservations.completeInquiryAfter}
        </p>
        <div className="reservation-complete__share">
          <h2>{ja.reservations.share}</h2>
          <div className="reservation-complete__share-buttons">
            <a
              className="share-button share-button--facebook"
              href={facebook}
              target="_blank"
              rel="noopener noreferrer"
              onClick={openShare}
            >
              {ja.reservations.shareFacebook}
            </a>
            <a className="share-button share-button--x" href={x} target="_blank" rel="noopener noreferrer" onClick={openShare}>
              {ja.reservations.shareX}
            </a>
          </div>
        </div>
        <p className="reservation-complete__links">
          <a className="button" href="/stories">
            {ja.reservations.toList}
          </a>
          <a className="button button--ghost" href="/">
            {ja.reservations.toTop}
          </a>
        </p>
      </div>
    </section>
  );
}
