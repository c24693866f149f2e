// https://vike.dev/title — the tab says what the page says: the completion once, else that the page has expired.
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

export default function title(pageContext: PageContext<Data>) {
  return `${pageContext.data?.completed ? ja.inquiries.brandCompleteTitle : ja.inquiries.expiredTitle} | ${ja.site.name}`;
}
