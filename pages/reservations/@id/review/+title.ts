// https://vike.dev/title
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

export default function title(pageContext: PageContext<Data>) {
  const view = pageContext.data?.view;
  return view
    ? `${ja.reviewPosting.formTitle}：${view.experience.title} | ${ja.site.name}`
    : `${ja.reviewPosting.formTitle} | ${ja.site.name}`;
}
