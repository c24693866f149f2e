// The search form's closed panels: 条件をさらに指定 (area, category, theme, price, format) and, inside it, the area
// list of 47 check boxes. A closed panel's fields are rendered only once it is opened (or when the server renders it
// open): the list page's first load parses, styles and hydrates none of them. While a panel's fields are not there,
// the values the search has set are hidden inputs of the same names, so the form sends the same filters either way.
// The panel's reference lists come as one JSON text (`choices`, list-data.ts), read once the panel's fields are shown.
import { useEffect, useMemo, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import type { StoriesSearchJson } from '#src/modules/experiences/experiences.schemas';
import { REGIONS, SEARCH_LIMITS, isSearch } from '#src/modules/experiences/experiences.shared';

export interface Choice {
  id: number;
  name: string;
}

/** What the panel offers: the categories, the themes and the prefectures' names by id (the area list, by REGIONS). */
export interface SearchChoices {
  categories: Choice[];
  themes: Choice[];
  prefectureNames: Readonly<Record<number, string>>;
}

interface Props {
  search: StoriesSearchJson;
  /** SearchChoices as JSON. */
  choices: string;
}

/**
 * A <details> whose fields are rendered from its first opening on. One opened before hydration (its toggle event came
 * before React listened) is found open by the effect; until then it shows 読み込み中….
 */
function useOpened(initial: boolean) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(initial);
  useEffect(() => {
    if (ref.current?.open) setOpened(true);
  }, []);
  const onToggle = (event: React.SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) setOpened(true);
  };
  return [opened, { ref, onToggle }] as const;
}

/** What stands for a closed panel's fields: the values the search set, as hidden inputs, and the loading line. */
function Pending({ values }: { values: [name: string, value: string][] }) {
  return (
    <>
      {values.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <p className="search__pending muted">{ja.common.loading}</p>
    </>
  );
}

const stateValues = (search: StoriesSearchJson): [string, string][] => search.state.map((p) => ['state[]', p.name]);

function AreasBox({ search, prefectureNames }: { search: StoriesSearchJson; prefectureNames: SearchChoices['prefectureNames'] }) {
  const [opened, details] = useOpened(false);
  const selected = new Set(search.state.map((s) => s.id));
  return (
    <details className="search__areas-box" {...details}>
      <summary className="search__label">
        {`${ja.search.area}（${ja.search.areaSelected(selected.size)}）`}
        {selected.size > 0 && <span className="search__areas-names"> {search.state.map((p) => p.name).join('・')}</span>}
      </summary>
      {opened ? (
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
      ) : (
        <Pending values={stateValues(search)} />
      )}
    </details>
  );
}

function Select({ label, name, value, choices }: { label: string; name: string; value: string; choices: Choice[] }) {
  return (
    <label className="search__field">
      <span className="search__label">{label}</span>
      <select className="select" name={name} defaultValue={value}>
        <option value="">{ja.search.any}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function PriceField({ label, name, value }: { label: string; name: string; value: number | null }) {
  return (
    <label className="search__field">
      <span className="search__label">{`${label}（${ja.search.yen}）`}</span>
      <input
        className="input"
        type="number"
        name={name}
        min={0}
        max={SEARCH_LIMITS.maxPrice}
        step={1}
        inputMode="numeric"
        defaultValue={value ?? ''}
      />
    </label>
  );
}

const text = (value: number | boolean | null) => (value === null ? '' : String(value));

/** 条件をさらに指定: open when the search set one of its filters (a chip route's single pre-set filter keeps it closed). */
export function MoreFilters({ search, choices }: Props) {
  // The filters of this panel the search set (a prefecture's name is never empty).
  const set = (
    [
      ...stateValues(search),
      ['category_id', text(search.category_id)],
      ['theme_id', text(search.theme_id)],
      ['price_min', text(search.price_min)],
      ['price_max', text(search.price_max)],
      ['online', text(search.online)],
    ] satisfies [string, string][]
  ).filter(([, value]) => value !== '');
  const open = isSearch(search) && set.length > 0;
  const [opened, details] = useOpened(open);
  const lists = useMemo(() => (opened ? (JSON.parse(choices) as SearchChoices) : null), [opened, choices]);
  return (
    <details className="search__more" open={open} {...details}>
      <summary>{ja.search.moreFilters}</summary>
      {lists ? (
        <div className="search__grid">
          <AreasBox search={search} prefectureNames={lists.prefectureNames} />
          <Select label={ja.search.category} name="category_id" value={text(search.category_id)} choices={lists.categories} />
          <Select label={ja.search.theme} name="theme_id" value={text(search.theme_id)} choices={lists.themes} />
          <PriceField label={ja.search.priceMin} name="price_min" value={search.price_min} />
          <PriceField label={ja.search.priceMax} name="price_max" value={search.price_max} />
          <label className="search__field">
            <span className="search__label">{ja.search.format}</span>
            <select className="select" name="online" defaultValue={text(search.online)}>
              <option value="">{ja.search.any}</option>
              <option value="false">{ja.search.inPersonOnly}</option>
              <option value="true">{ja.search.onlineOnly}</option>
            </select>
          </label>
        </div>
      ) : (
        <Pending values={set} />
      )}
    </details>
  );
}
