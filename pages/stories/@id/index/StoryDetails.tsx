// The experience page's details (price, participants, place, deadline, policy, options). Its own module so the page
// loads its code after hydrating (hydrateLater in +Page.tsx).
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import type { ExperienceJson } from '#src/modules/experiences/experiences.schemas';

function placeText(experience: ExperienceJson): string {
  if (experience.online) return ja.common.online;
  if (!experience.address) return `${experience.state ?? ''}（${ja.browse.addressHidden}）`;
  return experience.address.startsWith(experience.state ?? '\u0000')
    ? experience.address
    : `${experience.state ?? ''}${experience.address}`;
}

export function StoryDetails({ experience }: { experience: ExperienceJson }) {
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
