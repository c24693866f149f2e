// A list card for an experience (/stories, home, other experiences, host pages) and the grid that holds them.
import type { ExperienceCardJson } from '#src/modules/experiences/experiences.schemas';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { imageSrcSet } from '#src/modules/uploads/uploads.shared';
import './experience-card.css';

/** What a card reads of an experience (a page may pass the API's whole card, or only these fields). */
export type CardExperience = Pick<
  ExperienceCardJson,
  'id' | 'title' | 'online' | 'state' | 'category_name' | 'price' | 'hosted_by' | 'review_count' | 'average_rate'
> & { images: readonly { url: string }[] };

/** The card's width in the grid (experience-card.css: 2 columns on phones, 3 on tablets, 4 of ~270px above 1080px). */
const CARD_SIZES = '(min-width: 1081px) 270px, (min-width: 768px) 33vw, 50vw';

/** The price's unit: one text, made once. */
const UNIT = `${ja.common.taxIncluded} ${ja.browse.perPerson}`;

/** The mean and the number of reviews, when there are reviews (the database keeps both). */
function CardRating({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) return null;
  return (
    <span className="xcard__rating">
      {/* formatRate's one decimal (reviews.shared.ts), written here so the cards' pages load no module for it; one
          string, one text node. */}
      {`${average.toFixed(1)} ${ja.browse.reviewsCount(count)}`}
    </span>
  );
}

/**
 * One card: the link, with the heart beside it (a button cannot sit inside a link) over the photo's corner.
 * `heart` is the card's FavoriteHeart, passed in by the page so that a grid loaded after hydration (the experience
 * page's other experiences) brings no heart code of its own; `extra` is shown under the link (the favourites' next dates).
 * `as` is the wrapper's element: a grid's card is its list item itself (one element fewer per card).
 */
export function ExperienceCard({
  experience,
  eager = false,
  headingLevel = 3,
  heart,
  extra,
  as: Wrapper = 'div',
}: {
  experience: CardExperience;
  eager?: boolean;
  headingLevel?: 2 | 3;
  heart?: React.ReactNode;
  extra?: React.ReactNode;
  as?: 'div' | 'li';
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const image = experience.images[0];
  const place = experience.online ? ja.common.online : (experience.state ?? '');
  // The texts under the photo are the link's own children (experience-card.css lays them out); the price's unit is
  // the paragraph's text after the amount.
  return (
    <Wrapper className="xcard-wrap">
      <a className="xcard" href={`/stories/${experience.id}`} data-testid="experience-card" data-experience-id={experience.id}>
        <div className="xcard__media">
          {image ? (
            <img
              src={image.url}
              srcSet={imageSrcSet(image.url)}
              sizes={CARD_SIZES}
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              width={400}
              height={300}
            />
          ) : (
            <span className="xcard__noimage">{ja.browse.noImage}</span>
          )}
          {place && <span className={experience.online ? 'xcard__place xcard__place--online' : 'xcard__place'}>{place}</span>}
        </div>
        <span className="xcard__category">{experience.category_name}</span>
        <Title className="xcard__title">{experience.title}</Title>
        <CardRating average={experience.average_rate} count={experience.review_count} />
        <p className="xcard__price">
          <strong>{formatYen(experience.price)}</strong>
          {UNIT}
        </p>
        <span className="xcard__host">{experience.hosted_by}</span>
      </a>
      {heart}
      {extra}
    </Wrapper>
  );
}

/**
 * `headingLevel`: the cards' titles are h3 under a section's h2 (home, the experience page); a page whose grid sits
 * right under its h1 (/stories) passes 2, so no heading level is skipped. `heart` gives each card its heart
 * (`heartsOf` in FavoriteHeart.tsx); without it the cards have none.
 */
export function ExperienceGrid(props: GridProps) {
  return (
    <ul className="xgrid">
      <ExperienceGridItems {...props} />
    </ul>
  );
}

interface GridProps {
  experiences: readonly CardExperience[];
  eagerCount?: number;
  headingLevel?: 2 | 3;
  heart?: (experienceId: number) => React.ReactNode;
}

/** The grid's cards without the list around them (a page that writes the `<ul className="xgrid">` itself). */
export function ExperienceGridItems({ experiences, eagerCount = 0, headingLevel, heart }: GridProps) {
  return experiences.map((experience, i) => (
    <ExperienceCard
      key={experience.id}
      as="li"
      experience={experience}
      eager={i < eagerCount}
      headingLevel={headingLevel}
      heart={heart?.(experience.id)}
    />
  ));
}
