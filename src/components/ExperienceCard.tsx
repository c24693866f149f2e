// A list card for an experience (home, other experiences, host pages, favourites) and the grid that holds them. The
// card's content is one string (experience-card-html.ts, which /stories also writes whole cards with).
import { createElement } from 'react';
import { type CardExperience, cardContentHtml, cardLinkAttributes } from './experience-card-html';
import './experience-card.css';

export type { CardExperience } from './experience-card-html';

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
  const { class: className, ...attributes } = cardLinkAttributes(experience);
  // The link's content is the card's markup string: text without interactivity, escaped where it is made. Hydration
  // keeps the server's content (React does not compare an element's inner HTML).
  return (
    <Wrapper className="xcard-wrap">
      {createElement('a', {
        ...attributes,
        className,
        dangerouslySetInnerHTML: { __html: cardContentHtml(experience, { eager, headingLevel }) },
      })}
      {heart}
      {extra}
    </Wrapper>
  );
}

/**
 * `headingLevel`: the cards' titles are h3 under a section's h2 (home, the experience page). `heart` gives each card
 * its heart (`heartsOf` in FavoriteHeart.tsx); without it the cards have none.
 */
export function ExperienceGrid({
  experiences,
  eagerCount = 0,
  headingLevel,
  heart,
}: {
  experiences: readonly CardExperience[];
  eagerCount?: number;
  headingLevel?: 2 | 3;
  heart?: (experience: CardExperience) => React.ReactNode;
}) {
  return (
    <ul className="xgrid">
      {experiences.map((experience, i) => (
        <ExperienceCard
          key={experience.id}
          as="li"
          experience={experience}
          eager={i < eagerCount}
          headingLevel={headingLevel}
          heart={heart?.(experience)}
        />
      ))}
    </ul>
  );
}
