// https://vike.dev/description
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import { summarize } from '#src/components/seo';
import { formatYen } from '#src/lib/isomorphic/money';
import { formatRate } from '#src/modules/reviews/reviews.shared';
import type { Data } from './+data';

/** The description and og:description: place, price, rating (with reviews) and the text, so a shared link shows them. */
export default function description(pageContext: PageContext<Data>) {
  const { experience, rating: stored } = pageContext.data;
  const place = experience.online ? ja.common.online : (experience.state ?? '');
  const rating = stored.average !== null && stored.count > 0 ? ja.share.rating(formatRate(stored.average), stored.count) : null;
  return summarize(ja.share.ogDescription(place, formatYen(experience.price), rating, experience.description));
}
