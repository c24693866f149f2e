// What the experience page renders on the server, from one service call (the detail with its rating and the
// visitor's heart, and the first slots: one statement, src/modules/experiences/story-page.service.ts; story-read.ts,
// made before the render when it can: pages/read-ahead.ts), split in two (+onBeforeRender.ts puts both into the page
// context):
// - `serverOnly.data`: what the browser hydrates with (the slot list, the booking bar, the heart, the waitlist, the
//   photos, the share links), so only the fields those parts read; sent in the page context as one JSON string,
//   `data.json` (story-server.ts says why);
// - the rest of `serverOnly`: what only the server reads (the head's tags and description, story-head.ts, and the HTML
//   of the parts without interactivity, story-static.tsx, both written into the page after its render: `lateHtml`,
//   story-server.ts); never sent to the browser (serverOnlyPart, src/components/server-html.tsx).
// The review list and the host's other experiences are read by the browser after load (after-load.tsx).
import type { PageContextServer } from 'vike/types';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { readAheadOr } from '#src/lib/isomorphic/read-ahead';
import { siteOrigin, summarize } from '#src/components/seo';
import { lateHtmlMarker } from '#src/components/server-html';
import type { CalendarsJson, SlotWindowJson } from '#src/modules/calendars/calendars.schemas';
import type { ExperienceJson } from '#src/modules/experiences/experiences.schemas';
import { formatRate } from '#src/modules/reviews/reviews.shared';
import type { SentData, StoryServerPart } from './story-server';
import { storyHtml } from './story-static';
import { storyHeadHtml } from './story-head';
import { readStoryPage } from './story-read';

/**
 * The experience's fields the hydrated parts read. Of its photos the carousel reads the url and the host's alt text,
 * which is left out where none is written (the carousel then writes 「{タイトル}の写真{n}」), so the page's data carries
 * no id and no null per photo.
 */
export type BrowserExperience = Pick<
  ExperienceJson,
  'id' | 'title' | 'price' | 'online' | 'address' | 'state' | 'host' | 'hosted_by' | 'approve'
> & { images: { url: string; alt?: string }[] };

function browserExperience(e: ExperienceJson): BrowserExperience {
  return {
    id: e.id,
    title: e.title,
    images: e.images.map(({ url, alt }) => (alt ? { url, alt } : { url })),
    price: e.price,
    online: e.online,
    address: e.address,
    state: e.state,
    host: e.host,
    hosted_by: e.hosted_by,
    approve: e.approve,
  };
}

/** The first window of slots as the slot list and the waitlist read it (no experience id, no recurrence rule). */
function slotWindow({ calendars, meta }: CalendarsJson): SlotWindowJson {
  return {
    calendars: calendars.map((c) => ({
      id: c.id,
      date: c.date,
      start_time: c.start_time,
      end_time: c.end_time,
      recruitment_number: c.recruitment_number,
      participant_number: c.participant_number,
      accepting_reservation: c.accepting_reservation,
      reservation_deadline_at: c.reservation_deadline_at,
    })),
    meta: { reserved_calendar_ids: meta.reserved_calendar_ids, recent_count: meta.recent_count, to_date: meta.to_date },
  };
}

export async function loadStoryPage(pageContext: PageContextServer) {
  const { services } = pageContext;
  const { experience, rating, favorite, own, calendars } = await readAheadOr(pageContext, readStoryPage);
  const place = experience.online ? ja.common.online : (experience.state ?? '');
  const rated = rating.average !== null && rating.count > 0 ? ja.share.rating(formatRate(rating.average), rating.count) : null;
  const data: Data = {
    experience: browserExperience(experience),
    rating,
    favorite,
    // The text travels with the data, only to the host: the page's first-load JavaScript carries no booking texts.
    ownNote: own ? ja.reservations.ownExperience : null,
    calendars: slotWindow(calendars),
    origin: siteOrigin(services.env),
    /** The server's clock for the first render of slot states (the browser takes over after hydration). */
    now: Date.now(),
  };
  const html = await storyHtml(experience, rating);
  const story: StoryServerPart = {
    head: lateHtmlMarker('head'),
    description: summarize(ja.share.ogDescription(place, formatYen(experience.price), rated, experience.description)),
    lateHtml: { ...html, rating: html.rating ?? '', head: storyHeadHtml(data, experience) },
    data,
  };
  const sent: SentData = { json: JSON.stringify(data) };
  return { data: sent, serverOnly: story };
}

/** What the page's hydrated parts read (the browser parses it from the page context's `data.json`). */
export interface Data {
  experience: BrowserExperience;
  /** The number of reviews and their mean (null without). */
  rating: { count: number; average: number | null };
  favorite: boolean;
  /** The viewer hosts the experience: the bar says this, not theirs to book, instead of offering the booking. */
  ownNote: string | null;
  calendars: SlotWindowJson;
  origin: string;
  now: number;
}
