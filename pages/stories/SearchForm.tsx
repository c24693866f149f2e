// The /stories search bar: a plain GET form to /stories, so every filter lives in the URL, works before
// hydration and with the back button. The chip routes' filter shows as a pre-set value of the same form.
import * as ja from '#src/i18n/ja';
import type { StoriesSearchJson } from '#src/modules/experiences/experiences.schemas';
import { REGIONS, SEARCH_LIMITS, STORIES_SORTS, isSearch, storiesQueryString } from '#src/modules/experiences/experiences.shared';

interface Choice {
  id: number;
  name: string;
}

interface Props {
  search: StoriesSearchJson;
  categories: Choice[];
  themes: Choice[];
  /** The prefectures' names by id (the area list shows them by region, REGIONS). */
  prefectureNames: Readonly<Record<number, string>>;
  today: string;
  /** The latest date a search may ask about (SEARCH_LIMITS.yearsAhead). */
  lastDate: string;
}

const PEOPLE = Array.from({ length: 10 }, (_, i) => i + 1);

export function SearchForm({ search, categories, themes, prefectureNames, today, lastDate }: Props) {
  const selected = new Set(search.state.map((s) => s.id));
  // Opened when a search set one of its filters (a chip route's single pre-set filter keeps it closed).
  const more =
    isSearch(search) &&
    (search.state.length > 0 ||
      search.category_id !== null ||
      search.theme_id !== null ||
      search.price_min !== null ||
      search.price_max !== null ||
      search.online !== null);
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
        <details className="search__more" open={more}>
          <summary>{ja.search.moreFilters}</summary>
          <div className="search__grid">
            <details className="search__areas-box">
              <summary className="search__label">
                {`${ja.search.area}（${ja.search.areaSelected(selected.size)}）`}
                {selected.size > 0 && <span className="search__areas-names"> {search.state.map((p) => p.name).join('・')}</span>}
              </summary>
              <fieldset className="search__areas">
                <legend className="visually-hidden">{ja.search.area}</legend>
                {REGIONS.map((region, i) => (
                  <div key={ja.search.regions[i]} className="search__region">
                    <span className="search__region-name">{ja.search.regions[i]}</span>
                    {region.map((id) => {
                      const name = prefectureNames[id];
                      if (name === undefined) return null;
                      return (
                        <label key={id} className="search__check">
                          <input type="checkbox" name="state[]" value={name} defaultChecked={selected.has(id)} />
                          {name}
                        </label>
                      );
                    })}
                  </div>
                ))}
              </fieldset>
            </details>
            <label className="search__field">
              <span className="search__label">{ja.search.category}</span>
              <select className="select" name="category_id" defaultValue={search.category_id === null ? '' : String(search.category_id)}>
                <option value="">{ja.search.any}</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="search__field">
              <span className="search__label">{ja.search.theme}</span>
              <select className="select" name="theme_id" defaultValue={search.theme_id === null ? '' : String(search.theme_id)}>
                <option value="">{ja.search.any}</option>
                {themes.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="search__field">
              <span className="search__label">{`${ja.search.priceMin}（${ja.search.yen}）`}</span>
              <input
                className="input"
                type="number"
                name="price_min"
                min={0}
                max={SEARCH_LIMITS.maxPrice}
                step={1}
                inputMode="numeric"
                defaultValue={search.price_min ?? ''}
              />
            </label>
            <label className="search__field">
              <span className="search__label">{`${ja.search.priceMax}（${ja.search.yen}）`}</span>
              <input
                className="input"
                type="number"
                name="price_max"
                min={0}
                max={SEARCH_LIMITS.maxPrice}
                step={1}
                inputMode="numeric"
                defaultValue={search.price_max ?? ''}
              />
            </label>
            <label className="search__field">
              <span className="search__label">{ja.search.format}</span>
              <select className="select" name="online" defaultValue={search.online === null ? '' : String(search.online)}>
                <option value="">{ja.search.any}</option>
                <option value="false">{ja.search.inPersonOnly}</option>
                <option value="true">{ja.search.onlineOnly}</option>
              </select>
            </label>
          </div>
        </details>
        <div className="search__footer">
          <label className="search__sort">
            <span className="search__label">{ja.search.sort}</span>
            <select className="select" name="sort" defaultValue={search.sort} onChange={(e) => e.currentTarget.form?.requestSubmit()}>
              {STORIES_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {ja.search.sorts[sort]}
                </option>
              ))}
            </select>
          </label>
          <a className="search__clear" href="/stories">
            {ja.search.clear}
          </a>
        </div>
      </form>
    </search>
  );
}
