// The /stories search bar: a plain GET form to /stories, so every filter lives in the URL and works with the back
// button; its main fields work before hydration, its closed panels' fields come with it (SearchFilters.tsx). The chip
// routes' filter shows as a pre-set value of the same form.
import * as ja from '#src/i18n/ja';
import type { StoriesSearchJson } from '#src/modules/experiences/experiences.schemas';
import { SEARCH_LIMITS, STORIES_SORTS, storiesQueryString } from '#src/modules/experiences/experiences.shared';
import { hydrateLater } from '#src/components/hydrate-later';

// The closed panel (条件をさらに指定) hydrates after the page: its <details> opens and closes without script, and its
// fields are rendered only once it is opened, so nothing of it is needed to read or send the form.
const MoreFilters = hydrateLater(import.meta.env.SSR ? (await import('./SearchFilters')).MoreFilters : null, () =>
  import('./SearchFilters').then((m) => m.MoreFilters),
);

interface Props {
  search: StoriesSearchJson;
  /** The closed panel's reference lists as JSON (SearchChoices, SearchFilters.tsx). */
  choices: string;
  today: string;
  /** The latest date a search may ask about (SEARCH_LIMITS.yearsAhead). */
  lastDate: string;
}

const PEOPLE = Array.from({ length: 10 }, (_, i) => i + 1);

export function SearchForm({ search, choices, today, lastDate }: Props) {
  return (
    // The key remounts the form when the search changes, so its defaults always follow the search shown.
    <search>
      <form key={storiesQueryString(search)} className="search" action="/stories" method="get" aria-label={ja.search.formLabel}>
        <div className="search__main">
          <label className="search__field search__field--q">
            <span className="search__label">{ja.search.keyword}</span>
            <input
              className="input"
              type="search"
              name="q"
              defaultValue={search.q ?? ''}
              maxLength={SEARCH_LIMITS.qLength}
              placeholder={ja.search.keywordPlaceholder}
              enterKeyHint="search"
            />
          </label>
          <label className="search__field">
            <span className="search__label">{ja.search.dateFrom}</span>
            <input className="input" type="date" name="date_from" min={today} max={lastDate} defaultValue={search.date_from ?? ''} />
          </label>
          <label className="search__field">
            <span className="search__label">{ja.search.dateTo}</span>
            <input className="input" type="date" name="date_to" min={today} max={lastDate} defaultValue={search.date_to ?? ''} />
          </label>
          <label className="search__field search__field--people">
            <span className="search__label">{ja.search.people}</span>
            <select className="select" name="people" defaultValue={search.people === null ? '' : String(search.people)}>
              <option value="">{ja.search.any}</option>
              {PEOPLE.map((n) => (
                <option key={n} value={n}>
                  {ja.search.peopleOption(n)}
                </option>
              ))}
            </select>
          </label>
          <button className="button search__submit" type="submit">
            {ja.search.submit}
          </button>
        </div>
        <p className="search__hint muted">{ja.search.dateHint}</p>
        <MoreFilters search={search} choices={choices} />
        <div className="search__footer">
          {/* The order applies with its own submit button: a select that submitted on change would load the page on
              every arrow press, and the button also works before the scripts load. */}
          <div className="search__sort">
            <label className="search__sort-field">
              <span className="search__label">{ja.search.sort}</span>
              <select className="select" name="sort" defaultValue={search.sort}>
                {STORIES_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {ja.search.sorts[sort]}
                  </option>
                ))}
              </select>
            </label>
            <button className="button button--ghost button--small" type="submit">
              {ja.search.applySort}
            </button>
          </div>
          <a className="search__clear" href="/stories">
            {ja.search.clear}
          </a>
        </div>
      </form>
    </search>
  );
}
