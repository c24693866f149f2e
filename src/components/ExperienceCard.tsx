// A list card for an experience (/stories, home, other experiences, host pages) and the grid that holds them.
import type { ExperienceCardJson } from '#src/modules/experiences/experiences.schemas';
import { ja } from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { imageSrcSet } from '#src/modules/uploads/uploads.shared';
import './experience-card.css';

/** The card's width in the grid (experience-card.css: 2 columns on phones, 3 on tablets, 4 of ~270px above 1080px). */
const CARD_SIZES = '(min-width: 1081px) 270px, (min-width: 768px) 33vw, 50vw';

function ExperienceCard({
  experience,
  eager = false,
  headingLevel = 3,
}: {
  experience: ExperienceCardJson;
  eager?: boolean;
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const image = experience.images[0];
  const place = experience.online ? ja.common.online : (experience.state ?? '');
  return (
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
      <div className="xcard__body">
        <span className="xcard__category">{experience.category_name}</span>
        <Title className="xcard__title">{experience.title}</Title>
        <p className="xcard__price">
          <strong>{formatYen(experience.price)}</strong>
          <span className="xcard__unit">
            {ja.common.taxIncluded} {ja.browse.perPerson}
          </span>
        </p>
        <span className="xcard__host">{experience.hosted_by}</span>
      </div>
    </a>
  );
}

/**
 * `headingLevel`: the cards' titles are h3 under a section's h2 (home, the experience page); a page whose grid sits
 * right under its h1 (/stories) passes 2, so no heading level is skipped.
 */
export function ExperienceGrid({
  experiences,
  eagerCount = 0,
  headingLevel,
}: {
  experiences: ExperienceCardJson[];
  eagerCount?: number;
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="xgrid">
      {experiences.map((experience, i) => (
        <li key={experience.id}>
          <ExperienceCard experience={experience} eager={i < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
