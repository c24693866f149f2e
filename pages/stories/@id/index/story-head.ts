// The experience page's head tags beyond vike-react's title, description and image: the canonical URL, Open Graph's
// extras, the price of a shared link's preview and the schema.org Event, made on the server as one string
// (story-data.ts puts it in the page's server-only part; pages/+headHtmlEnd.ts writes it into the head). A +Head
// component was a React render of its own on every answer, several times the cost of writing the same tags.
import { seoHeadHtml } from '#src/components/SeoHead';
import { absoluteUrl, summarize } from '#src/components/seo';
import { hostPath } from '#src/modules/experiences/experience-links.shared';
import { slotView } from '#src/modules/calendars/slots';
import type { ExperienceJson } from '#src/modules/experiences/experiences.schemas';
import type { Data } from './story-data';

/** https://schema.org/Event, with the next bookable slot as its date and the price as an offer. */
function eventJsonLd(data: Data, experience: ExperienceJson) {
  const { calendars, origin, now, rating } = data;
  const url = `${origin}/stories/${experience.id}`;
  const next = calendars.calendars.find((c) => slotView(c, { reserved: false, now }).state === 'open') ?? calendars.calendars[0];
  const organizer = {
    '@type': experience.host.type === 'user' ? 'Person' : 'Organization',
    name: experience.hosted_by,
    url: `${origin}${hostPath(experience.host)}`,
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: experience.title,
    description: summarize(experience.description, 300),
    url,
    image: experience.images.map((image) => absoluteUrl(origin, image.url)),
    ...(next && {
      startDate: `${next.date}T${next.start_time}:00+09:00`,
      endDate: `${next.date}T${next.end_time}:00+09:00`,
    }),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: experience.online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: experience.online
      ? { '@type': 'VirtualLocation', url }
      : {
          '@type': 'Place',
          name: experience.state ?? experience.hosted_by,
          address: {
            '@type': 'PostalAddress',
            addressCountry: 'JP',
            ...(experience.state && { addressRegion: experience.state }),
            ...(experience.address && { streetAddress: experience.address }),
          },
        },
    organizer,
    // The rating the database keeps (reviews' count and mean), only when there are reviews.
    ...(rating.average !== null &&
      rating.count > 0 && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: rating.average,
          reviewCount: rating.count,
          bestRating: 5,
          worstRating: 1,
        },
      }),
    offers: {
      '@type': 'Offer',
      url,
      price: experience.price,
      priceCurrency: 'JPY',
      availability:
        next && slotView(next, { reserved: false, now }).state === 'open' ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
}

/** The head's tags for this experience, as HTML. */
export function storyHeadHtml(data: Data, experience: ExperienceJson): string {
  const seo = seoHeadHtml({
    url: `${data.origin}/stories/${experience.id}`,
    type: 'article',
    hasImage: experience.images.length > 0,
    noindex: !experience.approve,
    structuredData: eventJsonLd(data, experience),
  });
  // The price of a shared link's preview (og:description also states it, with the rating); the places of the parts
  // loaded after the page (after-load.tsx) stay empty without scripts, so they are hidden then.
  return `${seo}<meta property="product:price:amount" content="${experience.price}"/><meta property="product:price:currency" content="JPY"/><noscript><style>.story-later{display:none}</style></noscript>`;
}
