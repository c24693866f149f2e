// https://vike.dev/Page — the experience page (spec guest-and-host.md §2 "Experience detail").
import { lazy } from 'react';
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
import { lateHtmlMarker, ServerHtml, serverOnlyPart } from '#src/components/server-html';
import { SlotList } from '#src/components/SlotList';
import { useSlotPager, useSlotSelection } from '#src/components/slot-list-state';
import type { OtherExperiencesJson } from '#src/modules/experiences/experiences.schemas';
import type { ReviewsJson } from '#src/modules/reviews/reviews.schemas';
import { REVIEWS_ON_DETAIL } from '#src/modules/reviews/reviews.shared';
import { hostPath } from '#src/modules/experiences/experience-links.shared';
import { reservationUrl } from '#src/modules/calendars/slots';
import type { BrowserExperience } from './story-data';
import { storyDataOf, type StoryLateHtml, type StoryServerPart } from './story-server';
import { AfterLoad, LaterPlaceholder } from './after-load';
import { OthersFrame } from './others-frame';
import '#src/components/chips.css';
import '#src/components/waitlist.css';
import './story.css';

// Loaded after the page hydrates (the page's first load within 100 kB): the photos' carousel (shown from the
// server's HTML; only its buttons and auto-advance wait) and the 開催リクエスト button. The slot list and the bar that
// books stay in the first load. The parts without interactivity (the tags, the host line, the texts, the details, the
// rating's stars) are not hydrated at all: the server renders them (story-static.tsx) and each is a ServerHtml here.
const Carousel = hydrateLater(import.meta.env.SSR ? (await import('#src/components/Carousel')).Carousel : null, () =>
  import('#src/components/Carousel').then((m) => m.Carousel),
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
// Not in the HTML at all: the first reviews and the host's other experiences, read from the API after load
// (after-load.tsx; the rating, the count and the links to them are in the HTML). Their code comes with them.
const StoryReviews = lazy(() => import('./StoryReviews').then((m) => ({ default: m.StoryReviews })));
const ExperienceGrid = lazy(() => import('#src/components/ExperienceCard').then((m) => ({ default: m.ExperienceGrid })));

export default function Page() {
  const pageContext = usePageContext();
  const data = storyDataOf(pageContext);
  const { user } = pageContext;
  // The server-only parts: on the server each leaves its marker, replaced by its HTML when the page is sent
  // (story-server.ts); in the browser undefined, and their elements keep the server's HTML.
  const server = import.meta.env.SSR && serverOnlyPart<StoryServerPart>(pageContext) !== undefined;
  const html = (part: keyof StoryLateHtml) => (server ? lateHtmlMarker(part) : undefined);
  const { experience, rating } = data;
  const pager = useSlotPager(experience.id, data.calendars);
  const selection = useSlotSelection();
  const selectedIds = selection.selected.map((c) => c.id);

  return (
    <article className="story" data-testid="story">
      {!experience.approve && <div className="story__notice alert alert--info">{ja.browse.pendingNotice}</div>}
      <header className="story__header">
        <ServerHtml name="tags" as="nav" className="story__tags" aria-label={ja.browse.tags} html={html('tags')} />
        <div className="story__title-row">
          <h1 className="story__title">{experience.title}</h1>
          <FavoriteHeart experience={experience} initial={data.favorite} />
        </div>
        <ServerHtml name="host" as="div" className="story__host" html={html('host')} />
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
        {/* Fixed at the bottom of the screen, but next after the dates in the page's order: a keyboard reaches
            予約に進む from the dates it chose, before the description, the reviews and the other experiences. */}
        <FooterBar experience={experience} signedIn={!!user} ownNote={data.ownNote} selectedIds={selectedIds} />

        <div className="story__body">
          <ServerHtml name="description" as="section" className="story__section" html={html('description')} />
          <ServerHtml name="inspiration" as="section" className="story__section" html={html('inspiration')} />
          <ServerHtml name="details" as="section" className="story__section" aria-labelledby="details-title" html={html('details')} />
          <section className="story__section" aria-labelledby="reviews-title">
            <h2 id="reviews-title">{ja.browse.reviewsCount(rating.count)}</h2>
            {rating.average !== null && rating.count > 0 && (
              <ServerHtml name="rating" as="p" className="rating-summary" data-testid="rating-summary" html={html('rating')} />
            )}
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
    </article>
  );
}

function FooterBar({
  experience,
  signedIn,
  ownNote,
  selectedIds,
}: {
  experience: BrowserExperience;
  signedIn: boolean;
  ownNote: string | null;
  selectedIds: number[];
}) {
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
          <span>{`${ja.common.taxIncluded} ${ja.browse.perPerson}`}</span>
        </p>
        {!signedIn ? (
          <a className="button story-bar__action" href={logonUrl(`/stories/${experience.id}`)} data-testid="login-button">
            {ja.browse.loginToApply}
          </a>
        ) : ownNote ? (
          <p className="story-bar__action story-bar__own" data-testid="own-experience">
            {ownNote}
          </p>
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
