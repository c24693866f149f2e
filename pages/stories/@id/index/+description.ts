// https://vike.dev/description — made with the page's data on the server (story-data.ts), where it is the only reader
// (server routing: the browser never updates the head).
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import { serverOnlyPart } from '#src/components/server-html';
import type { StoryServerPart } from './story-server';

export default function description(pageContext: PageContext) {
  return serverOnlyPart<StoryServerPart>(pageContext)?.description ?? ja.site.description;
}
