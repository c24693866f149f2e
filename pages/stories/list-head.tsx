// Title and description of the /stories list pages (re-exported by each route's + files); the other head tags are
// made with the data (list-data.ts).
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import type { StoriesData } from './list-data';
import { filterPath, isSearch } from '#src/modules/experiences/experiences.shared';

/** The list's own path (also for pagination links): /stories or the filter's route. */
export function listPath(data: StoriesData): string {
  const filter = data.list.filters[0];
  return filter ? filterPath(filter) : '/stories';
}

export function listHeading(data: StoriesData): string {
  const { search } = data.list;
  // A refused search's keyword may be what was wrong with it (too long): the heading does not repeat it.
  if (data.refused) return ja.search.resultsTitle;
  if (isSearch(search)) return search.q ? ja.search.resultsFor(search.q) : ja.search.resultsTitle;
  const filter = data.list.filters[0];
  if (!filter) return ja.browse.listTitle;
  return filter.type === 'theme' ? ja.browse.themeTitle(filter.name) : ja.browse.filteredTitle(filter.name);
}

function pageSuffix(data: StoriesData): string {
  return data.list.meta.page > 1 ? `（${ja.browse.pageTitle(data.list.meta.page)}）` : '';
}

export function listTitle(pageContext: PageContext) {
  const data = pageContext.data as StoriesData;
  return `${listHeading(data)}${pageSuffix(data)} | ${ja.site.name}`;
}

export function listDescription(pageContext: PageContext) {
  const data = pageContext.data as StoriesData;
  const filter = data.list.filters[0];
  const lead = filter ? `${listHeading(data)}を${ja.browse.totalCount(data.list.meta.total_count)}掲載中。` : '';
  return `${lead}${ja.browse.listLead}`;
}
