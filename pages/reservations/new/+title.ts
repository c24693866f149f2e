// https://vike.dev/title
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

export default function title(pageContext: PageContext<Data>) {
  const form = pageContext.data?.form;
  return form ? `${ja.reservations.newTitle}：${form.experience.title} | ${ja.site.name}` : `${ja.reservations.newTitle} | ${ja.site.name}`;
}
