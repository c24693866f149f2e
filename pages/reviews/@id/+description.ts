// https://vike.dev/description
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

export default function description(pageContext: PageContext<Data>) {
  const { experience, reviews } = pageContext.data;
  return `${ja.browse.reviewsTitle(experience.title)}（${ja.browse.totalCount(reviews.meta.total_count)}）`;
}
