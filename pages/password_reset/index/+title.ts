// https://vike.dev/title — the tab says what the page says: the new password, or that the link cannot be used.
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

export default function title(pageContext: PageContext<Data>) {
  return `${pageContext.data?.valid ? ja.details.reset.title : ja.details.reset.invalidTitle} | ${ja.site.name}`;
}
