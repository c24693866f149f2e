// https://vike.dev/title
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import type { Data } from './story-data';

export default function title(pageContext: PageContext<Data>) {
  return `${pageContext.data.experience.title} | ${ja.site.name}`;
}
