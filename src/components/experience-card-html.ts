// An experience card's markup as strings: the one definition of what a card shows. ExperienceCard (React) writes
// the link's content with it; a page whose grid is server-only HTML (/stories) writes whole cards with it, with no
// React render of the cards at all. The cards have no interactivity of their own (the heart's toggle is a document
// listener, FavoriteHeart.tsx), so React adds nothing to them but the cost of rendering a dozen elements per card.
import type { ExperienceCardJson } from '#src/modules/experiences/experiences.schemas';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { imageSrcSet } from '#src/modules/uploads/uploads.shared';
import { attributesHtml, escapeAttribute as esc } from './seo';

/** What a card reads of an experience (a page may pass the API's whole card, or only these fields). */
export type CardExperience = Pick<
  ExperienceCardJson,
  'id' | 'title' | 'online' | 'state' | 'category_name' | 'price' | 'hosted_by' | 'review_count' | 'average_rate'
> & { images: readonly { url: string; alt?: string | null }[] };

export interface CardOptions {
  /** The photo loads at once (the first screen's cards) instead of lazily. */
  eager?: boolean;
  /** The title's heading level: 3 under a section's h2, 2 in a grid right under the page's h1 (no level skipped). */
  headingLevel?: 2 | 3;
}

/** The card's width in the grid (experience-card.css: 2 columns on phones, 3 on tablets, 4 of ~270px above 1080px). */
const CARD_SIZES = '(min-width: 1081px) 270px, (min-width: 768px) 33vw, 50vw';

/** The price's unit: one text, made once. */
const UNIT = esc(`${ja.common.taxIncluded} ${ja.browse.perPerson}`);

/** The link's attributes (React's names are the same but `class`: ExperienceCard renames it). */
export function cardLinkAttributes(experience: CardExperience) {
  return {
    class: 'xcard',
    href: `/stories/${experience.id}`,
    'data-testid': 'experience-card',
    'data-experience-id': String(experience.id),
  };
}

/**
 * The link's content: the photo with the place over its corner, then the texts (experience-card.css lays them out).
 * The photo's alt is the host's text for it; without one it is empty, since the link's texts name the experience.
 * Text and attribute values are escaped as React escapes them.
 */
export function cardContentHtml(experience: CardExperience, { eager = false, headingLevel = 3 }: CardOptions = {}): string {
  const image = experience.images[0];
  let html = '<div class="xcard__media">';
  if (image) {
    const srcSet = imageSrcSet(image.url);
    html +=
      `<img src="${esc(image.url)}"${srcSet ? ` srcset="${esc(srcSet)}"` : ''} sizes="${CARD_SIZES}" alt="${esc(image.alt ?? '')}" ` +
      `loading="${eager ? 'eager' : 'lazy'}" decoding="async" width="400" height="300"/>`;
  } else html += `<span class="xcard__noimage">${ja.browse.noImage}</span>`;
  const place = experience.online ? ja.common.online : (experience.state ?? '');
  if (place) html += `<span class="xcard__place${experience.online ? ' xcard__place--online' : ''}">${esc(place)}</span>`;
  const title = headingLevel === 2 ? 'h2' : 'h3';
  html += `</div><span class="xcard__category">${esc(experience.category_name)}</span><${title} class="xcard__title">${esc(experience.title)}</${title}>`;
  // The mean and the number of reviews, when there are reviews: formatRate's one decimal (reviews.shared.ts), written
  // here so the cards' pages load no module for it.
  if (experience.average_rate !== null && experience.review_count > 0)
    html += `<span class="xcard__rating">${experience.average_rate.toFixed(1)} ${ja.browse.reviewsCount(experience.review_count)}</span>`;
  return `${html}<p class="xcard__price"><strong>${formatYen(experience.price)}</strong>${UNIT}</p><span class="xcard__host">${esc(experience.hosted_by)}</span>`;
}

/** A grid's card as its list item: the link, then the heart's markup (over the photo's corner; '' for none). */
export function cardItemHtml(experience: CardExperience, options: CardOptions, heartHtml: string): string {
  const link = `<a${attributesHtml(cardLinkAttributes(experience))}>`;
  return `<li class="xcard-wrap">${link}${cardContentHtml(experience, options)}</a>${heartHtml}</li>`;
}
