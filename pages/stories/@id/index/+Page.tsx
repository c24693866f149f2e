// https://vike.dev/Page — the experience page (spec guest-and-host.md §2 "Experience detail").
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { ja } from '#src/i18n/ja';
import { api, ApiError, logonUrl } from '#src/lib/api-client';
import { formatYen } from '#src/lib/money';
import { Carousel } from '#src/components/Carousel';
import { Avatar } from '#src/components/Avatar';
import { ReviewItem } from '#src/components/ReviewItem';
import { RatingSummary } from '#src/components/RatingSummary';
import { ExperienceGrid } from '#src/components/ExperienceCard';
import { SlotList, useSlotPager, useSlotSelection } from '#src/components/SlotList';
import type { ExperienceJson } from '#src/modules/experiences/experiences.schemas';
import { hostPath, locationPath } from '#src/modules/experiences/experiences.shared';
import { reservationUrl } from '#src/modules/calendars/slots';
import type { HoldingRequestJson } from '#src/modules/holding-requests/holding-requests.schemas';
import type { Data } from './+data';
import '#src/components/chips.css';
import './story.css';

export default function Page() {
  const data = useData<Data>();
  const { user } = usePageContext();
  const { experience, reviews, others } = data;
  const pager = useSlotPager(experience.id, data.calendars);
  const selection = useSlotSelection();
  const selectedIds = selection.selected.map((c) => c.id);

  return (
    <article className="story" data-testid="story">
      {!experience.approve && (
        <div className="story__notice alert alert--info" role="status">
          {ja.browse.pendingNotice}
        </div>
      )}
      <header className="story__header">
        <Tags experience={experience} />
        <h1 className="story__title">{experience.title}</h1>
        <HostLine experience={experience} />
      </header>

      <div className="story__layout">
        <div className="story__gallery">
          <Carousel images={experience.images} alt={experience.title} autoAdvanceMs={3000} />
        </div>

        <aside className="story__schedule" id="schedule" aria-labelledby="schedule-title">
          <div className="story__schedule-card">
            <h2 id="schedule-title" className="story__schedule-title">
              {ja.browse.schedule}
            </h2>
            <p className="story__schedule-lead">{ja.browse.scheduleLead}</p>
            <SlotList
              pager={pager}
              selection={selection}
              serverNow={data.now}
              mode="preview"
              allHref={`/stories/${experience.id}/calendars`}
            />
            {selection.selected.length > 0 && (
              <p className="story__selected" data-testid="selected-count">
                {ja.browse.selectedCount(selection.selected.length)}
              </p>
            )}
            <HoldingRequest experienceId={experience.id} />
          </div>
        </aside>

        <div className="story__body">
          <section className="story__section">
            <h2>{ja.browse.description}</h2>
            <p className="story__text">{experience.description}</p>
          </section>
          <section className="story__section">
            <h2>{ja.browse.inspiration}</h2>
            <p className="story__text">{experience.inspiration}</p>
          </section>
          <Details experience={experience} />
          <section className="story__section" aria-labelledby="reviews-title">
            <h2 id="reviews-title">{ja.browse.reviewsCount(reviews.meta.total_count)}</h2>
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
              <a className="button button--ghost story__more" href={`/reviews/${experience.id}`} data-testid="all-reviews">
                {ja.browse.allReviews(reviews.meta.total_count)}
              </a>
            )}
          </section>
        </div>
      </div>

      {others.experiences.length > 0 && (
        <section className="story__others" aria-labelledby="others-title">
          <div className="story__others-head">
            <h2 id="others-title">{ja.browse.otherExperiences(experience.hosted_by)}</h2>
            <span className="muted">{ja.browse.otherCount(others.meta.total_count)}</span>
          </div>
          <ExperienceGrid experiences={others.experiences} />
          <p className="story__others-links">
            <a className="button button--ghost" href="/stories">
              {ja.browse.toStoryList}
            </a>
            <a href={hostPath(experience.host)}>{ja.browse.hostPage} ›</a>
          </p>
        </section>
      )}

      <FooterBar experience={experience} signedIn={!!user} selectedIds={selectedIds} />
    </article>
  );
}

function Tags({ experience }: { experience: ExperienceJson }) {
  return (
    <nav className="story__tags" aria-label={ja.browse.tags}>
      {experience.state ? (
        <a className="chip" href={locationPath(experience.state)}>
          {experience.state}
        </a>
      ) : (
        experience.online && <span className="chip chip--static">{ja.common.online}</span>
      )}
      <a className="chip" href={`/stories/category/${experience.category_id}`}>
        {experience.category_name}
      </a>
      {experience.themes.map((theme) => (
        <a key={theme.id} className="chip" href={`/stories/theme/${theme.id}`}>
          #{theme.name}
        </a>
      ))}
    </nav>
  );
}

function HostLine({ experience }: { experience: ExperienceJson }) {
  return (
    <div className="story__host">
      <a className="story__host-link" href={hostPath(experience.host)} data-testid="host-link">
        <Avatar url={experience.host.avatar_url} name={experience.host.name} size={36} />
        <span>
          <span className="story__host-label">{ja.browse.hostLabel}</span>
          <span className="story__host-name">{experience.host.name}</span>
        </span>
      </a>
      {experience.hosted_by !== experience.host.name && <span className="muted">{ja.browse.hostedBy(experience.hosted_by)}</span>}
    </div>
  );
}

function placeText(experience: ExperienceJson): string {
  if (experience.online) return ja.common.online;
  if (!experience.address) return `${experience.state ?? ''}（${ja.browse.addressHidden}）`;
  return experience.address.startsWith(experience.state ?? '\u0000')
    ? experience.address
    : `${experience.state ?? ''}${experience.address}`;
}

function Details({ experience }: { experience: ExperienceJson }) {
  const rows: [string, string][] = [
    [ja.browse.price, `${formatYen(experience.price)}（${ja.browse.taxIncluded}）${ja.browse.perPerson}`],
    [ja.browse.priceSideNote, experience.price_side_note],
    [
      ja.browse.participants,
      [
        ja.browse.recruitment(experience.recruitment_number),
        experience.set_minimum_number_of_participant_count && experience.minimum_number_of_participant_count
          ? ja.browse.minimumParticipants(experience.minimum_number_of_participant_count)
          : null,
      ]
        .filter(Boolean)
        .join(' ・ '),
    ],
    [ja.browse.place, placeText(experience)],
    [ja.browse.reservationDeadline, ja.browse.deadlineNames[experience.reservation_deadline] ?? ''],
    [ja.browse.cancellationPolicy, experience.cancellation_policy_name],
    [ja.browse.note, experience.note],
  ];
  if (experience.reservation_notice) rows.push([ja.browse.reservationNotice, experience.reservation_notice]);
  return (
    <section className="story__section" aria-labelledby="details-title">
      <h2 id="details-title">{ja.browse.details}</h2>
      <dl className="story__details">
        {rows.map(([term, value]) => (
          <div key={term} className="story__detail">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {experience.options.length > 0 && (
        <>
          <h3 className="story__options-title">{ja.browse.options}</h3>
          <ul className="story__options">
            {experience.options.map((option) => (
              <li key={option.id}>
                <div className="story__option-head">
                  <strong>{option.name}</strong>
                  <span>
                    {formatYen(option.price)}
                    <small>{ja.browse.perPerson}</small>
                  </span>
                </div>
                <p>{option.description}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function HoldingRequest({ experienceId }: { experienceId: number }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    setResult(null);
    try {
      const created = await api<HoldingRequestJson>(`/api/v1/experiences/${experienceId}/holding_requests`, { method: 'POST' });
      setResult({ ok: true, text: created.message });
    } catch (error) {
      // Spec §6: a 403 (signed out) sends the visitor to sign in, then back here.
      if (error instanceof ApiError && error.status === 403) {
        window.location.assign(logonUrl(window.location.pathname));
        return;
      }
      setResult({ ok: false, text: ja.browse.holdingFailed(error instanceof ApiError ? error.all()[0] : ja.common.unexpectedError) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="story__holding">
      <p className="story__holding-title">{ja.browse.holdingTitle}</p>
      <p className="story__holding-lead">{ja.browse.holdingLead}</p>
      <button type="button" className="button button--ghost button--small" onClick={send} disabled={sending} data-testid="holding-request">
        {ja.browse.holdingButton}
      </button>
      {result && (
        <p className={result.ok ? 'alert alert--success story__holding-result' : 'alert alert--error story__holding-result'} role="alert">
          {result.text}
        </p>
      )}
    </div>
  );
}

function FooterBar({ experience, signedIn, selectedIds }: { experience: ExperienceJson; signedIn: boolean; selectedIds: number[] }) {
  const place = experience.online ? ja.common.online : (experience.address ?? experience.state ?? '');
  return (
    <div className="story-bar" data-testid="story-bar">
      <div className="story-bar__inner">
        <div className="story-bar__info">
          <a className="story-bar__host" href={hostPath(experience.host)}>
            <Avatar url={experience.host.avatar_url} name={experience.host.name} size={32} />
            <span className="story-bar__hosted">{experience.hosted_by}</span>
          </a>
          <span className="story-bar__place">{place}</span>
        </div>
        <p className="story-bar__price">
          <strong>{formatYen(experience.price)}</strong>
          <span>
            {ja.common.taxIncluded} {ja.browse.perPerson}
          </span>
        </p>
        {!signedIn ? (
          <a className="button story-bar__action" href={logonUrl(`/stories/${experience.id}`)} data-testid="login-button">
            {ja.browse.loginToApply}
          </a>
        ) : selectedIds.length > 0 ? (
          <a className="button story-bar__action" href={reservationUrl(experience.id, selectedIds)} data-testid="apply-button">
            {ja.browse.applyCount(selectedIds.length)}
          </a>
        ) : (
          <a className="button story-bar__action story-bar__action--idle" href="#schedule" data-testid="apply-button">
            {ja.browse.schedule}
          </a>
        )}
      </div>
    </div>
  );
}
