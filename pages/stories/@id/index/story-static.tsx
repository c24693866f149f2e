// The experience page's parts without interactivity, rendered on the server only (src/components/server-html.tsx):
// the tags, the host line, the description, the inspiration, the details and the rating's stars. Only the server
// imports this module (story-data.ts, from +onBeforeRender.ts), so neither its code nor the fields only it reads
// reach the browser. +Page.tsx renders each part's element (the same tag and attributes as here) around its HTML.
//
// The HTML depends only on `StaticInput` (the fields picked below and the catalogue's texts), so one render serves
// every request with the same input: the parts are kept by their input's JSON, which is the key itself, so a kept
// render is never stale whatever changed, on any number of processes, without invalidation
// (docs/decisions/page-render.md).
import { renderToStaticMarkup } from 'react-dom/server';
import * as ja from '#src/i18n/ja';
// biome-ignore lint/style/noRestrictedImports: a server-only module (only +onBeforeRender.ts imports it, through story-data.ts)
import { TtlCache } from '#src/lib/ttl-cache';
import { formatYen } from '#src/lib/isomorphic/money';
import { Avatar } from '#src/components/Avatar';
import { RatingSummaryContent } from '#src/components/RatingSummary';
import type { ExperienceJson } from '#src/modules/experiences/experiences.schemas';
import { hostPath, locationPath } from '#src/modules/experiences/experience-links.shared';

/** The experience's fields the parts read, nothing else (so the kept HTML is keyed by all it depends on). */
const STATIC_FIELDS = [
  'state',
  'online',
  'category_id',
  'category_name',
  'themes',
  'host',
  'hosted_by',
  'description',
  'inspiration',
  'price',
  'price_side_note',
  'recruitment_number',
  'set_minimum_number_of_participant_count',
  'minimum_number_of_participant_count',
  'address',
  'reservation_deadline',
  'cancellation_policy_name',
  'note',
  'reservation_notice',
  'options',
] as const satisfies readonly (keyof ExperienceJson)[];

type StaticExperience = Pick<ExperienceJson, (typeof STATIC_FIELDS)[number]>;

interface StaticInput {
  experience: StaticExperience;
  /** The number of reviews and their mean (null without). */
  rating: { count: number; average: number | null };
}

/** Each part's inner HTML; `rating` is null without reviews (the page then renders no summary). */
export interface StoryHtml {
  tags: string;
  host: string;
  description: string;
  inspiration: string;
  details: string;
  rating: string | null;
}

function Tags({ experience }: StaticInput) {
  return (
    <>
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
    </>
  );
}

function HostLine({ experience }: StaticInput) {
  return (
    <>
      <a className="story__host-link" href={hostPath(experience.host)} data-testid="host-link">
        <Avatar url={experience.host.avatar_url} name={experience.host.name} size={36} />
        <span>
          <span className="story__host-label">{ja.browse.hostLabel}</span>
          <span className="story__host-name">{experience.host.name}</span>
        </span>
      </a>
      {experience.hosted_by !== experience.host.name && <span className="muted">{ja.browse.hostedBy(experience.hosted_by)}</span>}
    </>
  );
}

function TextSection({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h2>{title}</h2>
      <p className="story__text">{text}</p>
    </>
  );
}

function placeText(experience: StaticExperience): string {
  if (experience.online) return ja.common.online;
  if (!experience.address) return `${experience.state ?? ''}（${ja.browse.addressHidden}）`;
  return experience.address.startsWith(experience.state ?? '\u0000')
    ? experience.address
    : `${experience.state ?? ''}${experience.address}`;
}

/** The details (price, participants, place, deadline, policy, options): the content of `section#details`. */
function Details({ experience }: StaticInput) {
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
    <>
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
    </>
  );
}

/**
 * Between two parts in the one render of all of them: a character no part contains (PostgreSQL's text cannot hold
 * NUL, the catalogue has none), so the render splits back into the parts exactly.
 */
const SEPARATOR = '\u0000';

function renderParts(input: StaticInput): StoryHtml {
  const { average, count } = input.rating;
  const rated = average !== null && count > 0;
  const [tags, host, description, inspiration, details, rating] = renderToStaticMarkup(
    <>
      <Tags {...input} />
      {SEPARATOR}
      <HostLine {...input} />
      {SEPARATOR}
      <TextSection title={ja.browse.description} text={input.experience.description} />
      {SEPARATOR}
      <TextSection title={ja.browse.inspiration} text={input.experience.inspiration} />
      {SEPARATOR}
      <Details {...input} />
      {SEPARATOR}
      {rated && <RatingSummaryContent average={average} count={count} />}
    </>,
  ).split(SEPARATOR);
  return { tags, host, description, inspiration, details, rating: rated ? rating : null };
}

interface KeptHtml {
  html: StoryHtml;
  /** The key's and the parts' characters, what the cache's budget counts. */
  chars: number;
}

/**
 * The kept renders: about 10,000 characters each with their key (UTF-16 in V8: about 20 kB), so 2,000,000
 * characters keep about two hundred experiences in at most about 4 MB. Past the budget the oldest go first.
 */
const kept = new TtlCache<KeptHtml>(Number.POSITIVE_INFINITY, () => true, {
  maxEntries: 1000,
  maxBytes: 2_000_000,
  sizeOf: (entry) => entry.chars,
});

/** The parts' HTML for this experience and rating: rendered once per distinct input, then served from `kept`. */
export function storyHtml(experience: ExperienceJson, rating: StaticInput['rating']): Promise<StoryHtml> {
  const picked = {} as Record<(typeof STATIC_FIELDS)[number], unknown>;
  for (const field of STATIC_FIELDS) picked[field] = experience[field];
  const input: StaticInput = { experience: picked as StaticExperience, rating: { count: rating.count, average: rating.average } };
  const key = JSON.stringify(input);
  return kept
    .get(key, async () => {
      const html = renderParts(input);
      const chars = key.length + Object.values(html).reduce((sum, part) => sum + (part?.length ?? 0), 0);
      return { html, chars };
    })
    .then((entry) => entry.html);
}
