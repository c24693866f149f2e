// https://vike.dev/title
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import { storyDataOf } from './story-server';

export default function title(pageContext: PageContext) {
  return `${storyDataOf(pageContext).experience.title} | ${ja.site.name}`;
}
