// https://vike.dev/Page — the experience page (spec guest-and-host.md §2 "Experience detail").
import { lazy } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { logonUrl } from '#src/lib/isomorphic/api-client';
import { formatYen } from '#src/lib/isomorphic/money';
// The stylesheets of the parts loaded later (below), in their place in the page's order: the server puts only the
// stylesheets the page imports itself into its HTML, and those parts must look the same before their code arrives.
import '#src/components/carousel.css';
import { Avatar } from '#src/components/Avatar';
import '#src/components/stars.css';
import '#src/components/review-item.css';
import '#src/components/rating-summary.css';
import '#src/components/experience-card.css';
import { FavoriteHeart, heartsOf } from '#src/components/FavoriteHeart';
import './share.css';
import { hydrateLater } from '#src/components/hydrate-later';
import { SlotList } from '#src/components/SlotList';
import { useSlotPager, useSlotSelection } from '#src/components/slot-list-state';
import type { ExperienceJson, OtherExperiencesJson } from '#src/modules/experiences/experiences.schemas';
import type { ReviewsJson } from '#src/modules/reviews/reviews.schemas';
import { REVIEWS_ON_DETAIL } from '#src/modules/reviews/reviews.shared';
import { hostPath, locationPath } from '#src/modules/experiences/experience-links.shared';
import { reservationUrl } from '#src/modules/calendars/slots';
import type { Data } from './+data';
import { AfterLoad, LaterPlaceholder } from './after-load';
import { OthersFrame } from './others-frame';
import '#src/components/chips.css';
import '#src/components/waitlist.css';
import './story.css';

// Loaded after the page hydrates (the page's first load within 100 kB): the photos' carousel (shown from the
// server's HTML; only its buttons and auto-advance wait), the 開催リクエスト button and the details. The slot list and
// the bar that books stay in the first load.
const Carousel = hydrateLater(import.meta.env.SSR ? (await import('#src/components/Carousel')).Carousel : null, () =>
  import('#src/components/Carousel').then((m) => m.Carousel),
);
const StoryDetails = hydrateLater(import.meta.env.SSR ? (await import('./StoryDetails')).StoryDetails : null, () =>
  import('./StoryDetails').then((m) => m.StoryDetails),
);
const HoldingRequest = hydrateLater(import.meta.env.SSR ? (await import('./HoldingRequest')).HoldingRequest : null, () =>
  import('./HoldingRequest').then((m) => m.HoldingRequest),
);
const WaitlistPanel = hydrateLater(import.meta.env.SSR ? (await import('./WaitlistPanel')).WaitlistPanel : null, () =>
  import('./WaitlistPanel').then((m) => m.WaitlistPanel),
);
// The share links work as plain links before their code arrives; only the popup and the copy button wait.
const ShareButtons = hydrateLater(import.meta.env.SSR ? (await import('./ShareButtons')).ShareButtons : null, () =>
  import('./ShareButtons').then((m) => m.ShareButtons),
);
// The rating's stars and words (its code brings the reviews' texts).
const RatingSummary = hydrateLater(import.meta.env.SSR ? (await import('#src/components/RatingSummary')).RatingSummary : null, () =>
  import('#src/components/RatingSummary').then((m) => m.RatingSummary),
);
// Not in the HTML at all: the first reviews and the host's other experiences, read from the API after load
// (after-load.tsx; the rating, the count and the links to them are in the HTML). Their code comes with them.
const StoryReviews = lazy(() => import('./StoryReviews').then((m) => ({ default: m.StoryReviews })));
const ExperienceGrid = lazy(() => import('#src/components/ExperienceCard').then((m) => ({ default: m.ExperienceGrid })));

export default function Page() {
  const data = useData<Data>();
  const { user } = usePageContext();
  const { experience, rating } = data;
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
        <div className="story__title-row">
          <h1 className="story__title">{experience.title}</h1>
          <FavoriteHeart experienceId={experience.id} initial={data.favorite} />
        </div>
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
            <WaitlistPanel
              experienceId={experience.id}
              price={experience.price}
              calendars={data.calendars.calendars}
              signedIn={!!user}
              now={data.now}
            />
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
          <StoryDetails experience={experience} />
          <section className="story__section" aria-labelledby="reviews-title">
            <h2 id="reviews-title">{ja.browse.reviewsCount(rating.count)}</h2>
            <RatingSummary average={rating.average} count={rating.count} />
            {rating.count === 0 ? (
              <p className="muted">{ja.browse.noReviews}</p>
            ) : (
              <>
                <AfterLoad<ReviewsJson>
                  path={`/api/v1/experiences/${experience.id}/reviews`}
                  placeholder={<LaterPlaceholder className={rating.count > 1 ? 'story-later--reviews' : 'story-later--review'} />}
                >
                  {(answer) => <StoryReviews reviews={answer.reviews.slice(0, REVIEWS_ON_DETAIL)} />}
                </AfterLoad>
                <a className="button button--ghost story__more" href={`/reviews/${experience.id}`} data-testid="all-reviews">
                  {ja.browse.allReviews(rating.count)}
                </a>
              </>
            )}
          </section>
          <ShareButtons url={`${data.origin}/stories/${experience.id}`} title={experience.title} />
        </div>
      </div>

      {/* The section goes when the host has no other experience (it is the page's last part: only the footer moves). */}
      <AfterLoad<OtherExperiencesJson>
        path={`/api/v1/experiences/${experience.id}/other_experiences`}
        placeholder={
          <OthersFrame hostedBy={experience.hosted_by} hostHref={hostPath(experience.host)}>
            <LaterPlaceholder className="story-later--cards" />
          </OthersFrame>
        }
      >
        {(others) =>
          others.experiences.length > 0 && (
            <OthersFrame hostedBy={experience.hosted_by} hostHref={hostPath(experience.host)} count={others.meta.total_count}>
              <ExperienceGrid experiences={others.experiences} heart={heartsOf(others.favorite_ids)} />
            </OthersFrame>
          )
        }
      </AfterLoad>

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
