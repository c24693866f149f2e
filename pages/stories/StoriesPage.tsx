// The experience list and search (/stories and its location, category and theme routes, which are the same search
// with one filter pre-set): the search bar, the result count, the cards, paging, and what to relax when nothing matched.
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import '#src/components/experience-card.css';
import '#src/components/FavoriteHeart';
import { Pagination } from '#src/components/Pagination';
import { lateHtmlMarker, ServerHtml, serverOnlyPart } from '#src/components/server-html';
import type { StoriesSuggestionJson } from '#src/modules/experiences/experiences.schemas';
import { isSearch, storiesQueryString } from '#src/modules/experiences/experiences.shared';
import type { StoriesData } from './list-data';
import { listHeading, listPath } from './list-head';
import type { StoriesServerPart } from './list-server';
import { SearchForm } from './SearchForm';
import '#src/components/chips.css';
import './stories.css';

function suggestionLabel(s: StoriesSuggestionJson): string {
  switch (s.kind) {
    case 'without_dates':
      return ja.search.withoutDates(s.count);
    case 'other_dates':
      return ja.search.otherDates(s.count);
    case 'nearby':
      return ja.search.nearby(
        s.search.state
          .slice(0, 3)
          .map((p) => p.name)
          .join('・') + (s.search.state.length > 3 ? '…' : ''),
        s.count,
      );
    case 'without_area':
      return ja.search.withoutArea(s.count);
    case 'without_keyword':
      return ja.search.withoutKeyword(s.count);
    default:
      return ja.search.withoutPrice(s.count);
  }
}

export default function StoriesPage() {
  const data = useData<StoriesData>();
  // The category chips and the cards: server-only HTML (src/components/server-html.tsx), from the server-only part of
  // the page context; the cards are markup made by list-data.ts, written in after the render (a late part). The
  // browser's build has neither's code (FavoriteHeart still loads: its click listener).
  const server = serverOnlyPart<StoriesServerPart>(usePageContext());
  const { list } = data;
  const searching = isSearch(list.search);
  const filter = searching ? null : (list.filters[0] ?? null);
  const path = listPath(data);
  const href = (p: number) => (searching ? `/stories${storiesQueryString(list.search, p)}` : p === 1 ? path : `${path}?page=${p}`);
  return (
    <section className="page stories">
      {filter && (
        <nav className="stories__crumbs" aria-label={ja.nav.breadcrumbs}>
          <a href="/stories">{ja.browse.listTitle}</a>
          <span aria-hidden="true">›</span>
          <span aria-current="page">{filter.type === 'theme' ? `#${filter.name}` : filter.name}</span>
        </nav>
      )}
      <header className="stories__header">
        <h1 className="stories__title">{listHeading(data)}</h1>
        {!data.refused && (
          <p className="stories__count" data-testid="stories-count">
            {searching ? ja.search.resultsCount(list.meta.total_count) : ja.browse.totalCount(list.meta.total_count)}
          </p>
        )}
      </header>
      {!filter && !searching && <p className="stories__lead muted">{ja.browse.listLead}</p>}
      <SearchForm search={list.search} choices={data.choices} today={data.today} lastDate={data.lastDate} />
      {data.errors.length > 0 && (
        <ul className="stories__errors" role="alert">
          {data.errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <ServerHtml as="nav" name="chips" className="stories__chips" aria-label={ja.search.category}>
        {import.meta.env.SSR && server ? (
          <>
            <a className="chip" href="/stories" aria-current={filter === null && !searching ? 'page' : undefined}>
              {ja.browse.allStories}
            </a>
            {server.categories.map((category) => (
              <a
                key={category.id}
                className="chip"
                href={`/stories/category/${category.id}`}
                aria-current={filter?.type === 'category' && filter.id === category.id ? 'page' : undefined}
              >
                {category.name}
              </a>
            ))}
          </>
        ) : undefined}
      </ServerHtml>
      {/* A refused search has no results to show: its messages above say what to change. */}
      {data.refused ? null : data.cardCount === 0 ? (
        <div className="empty stories__empty" data-testid="stories-empty">
          <p>{searching ? ja.search.noResults : ja.browse.emptyList}</p>
          {list.suggestions.length > 0 && (
            <>
              <p className="muted">{ja.search.suggestionsLead}</p>
              <ul className="stories__suggestions">
                {list.suggestions.map((s) => (
                  <li key={s.kind}>
                    <a href={`/stories${storiesQueryString(s.search)}`} data-suggestion={s.kind}>
                      {suggestionLabel(s)}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          {(filter || searching) && (
            <a className="button button--ghost" href="/stories">
              {ja.browse.allStories}
            </a>
          )}
        </div>
      ) : (
        <ServerHtml as="ul" name="cards" className="xgrid" html={import.meta.env.SSR && server ? lateHtmlMarker('cards') : undefined} />
      )}
      {!data.refused && <Pagination page={list.meta.page} totalPages={list.meta.total_pages} href={href} />}
    </section>
  );
}
