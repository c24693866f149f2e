// The search and filters of every admin and brand portal list: a plain GET form (submitting loads the page with the
// filters in its URL, page 1), the number of matching rows, and the helpers that keep the filters in the page links
// and in the API call. The names are the list's query schema's (src/lib/isomorphic/list-filters.ts), so the URL, the API and
// the CLI read one set of parameters.
import { LIST_KEYWORD_MAX, type ListPageMeta } from '#src/lib/isomorphic/list-filters';
import * as ja from '#src/i18n/ja';
import { LiveRegion } from '#src/components/LiveRegion';

const t = ja.lists;

export type FilterField =
  | { kind: 'keyword'; placeholder: string }
  | { kind: 'select'; name: string; label: string; options: readonly { value: string; label: string }[] }
  | { kind: 'date'; name: string; label: string }
  /** A short text other than the keyword (a reservation number): `numeric` brings up the phone's digits keyboard. */
  | { kind: 'text'; name: string; label: string; placeholder?: string; numeric?: boolean };

/** The filter names a list's fields read from the URL (the keyword is `q`). */
export function filterNames(fields: readonly FilterField[]): string[] {
  return fields.map((field) => (field.kind === 'keyword' ? 'q' : field.name));
}

/** The filters in the page's URL (blank ones left out), plus `fixed` (e.g. a tab), for the page links and the call. */
export function filtersOf(search: Record<string, string>, names: readonly string[], fixed: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams(fixed);
  for (const name of names) {
    const value = search[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** `params` with `page` set, as a query string. */
export function withPage(params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  next.set('page', String(page));
  return next.toString();
}

/** "123件", or "10,000件以上" when the server stopped counting. */
export function countText(meta: Pick<ListPageMeta, 'total_count' | 'total_count_capped'>): string {
  return meta.total_count_capped ? t.countAtLeast(meta.total_count) : t.count(meta.total_count);
}

/** 公開 / 非公開 (`published`), the select most lists have. */
export const publishedField = (name = 'published'): FilterField => ({
  kind: 'select',
  name,
  label: t.published,
  options: [
    { value: 'true', label: t.publishedTrue },
    { value: 'false', label: t.publishedFalse },
  ],
});

export function ListFilters(props: {
  action: string;
  fields: readonly FilterField[];
  search: Record<string, string>;
  /** Hidden parameters the form keeps (a tab, the 今後/過去 toggle). */
  hidden?: Record<string, string>;
  /** Set once the list has loaded. */
  meta: Pick<ListPageMeta, 'total_count' | 'total_count_capped'> | null;
  label?: string;
  countTestId?: string;
}) {
  const { search, hidden = {} } = props;
  const clearHref = Object.keys(hidden).length ? `${props.action}?${new URLSearchParams(hidden).toString()}` : props.action;
  return (
    <form method="get" action={props.action} className="admin-filters" aria-label={props.label ?? t.label} data-testid="list-filters">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {props.fields.map((field) => {
        if (field.kind === 'keyword') {
          return (
            <label key="q" className="admin-filters__field admin-filters__field--wide">
              <span>{t.keyword}</span>
              <input
                className="input"
                type="search"
                name="q"
                defaultValue={search.q ?? ''}
                maxLength={LIST_KEYWORD_MAX}
                placeholder={field.placeholder}
              />
            </label>
          );
        }
        if (field.kind === 'text') {
          return (
            <label key={field.name} className="admin-filters__field">
              <span>{field.label}</span>
              <input
                className="input"
                type="text"
                name={field.name}
                defaultValue={search[field.name] ?? ''}
                placeholder={field.placeholder}
                inputMode={field.numeric ? 'numeric' : undefined}
              />
            </label>
          );
        }
        if (field.kind === 'date') {
          return (
            <label key={field.name} className="admin-filters__field">
              <span>{field.label}</span>
              <input className="input" type="date" name={field.name} defaultValue={search[field.name] ?? ''} />
            </label>
          );
        }
        return (
          <label key={field.name} className="admin-filters__field">
            <span>{field.label}</span>
            <select className="select" name={field.name} defaultValue={search[field.name] ?? ''}>
              <option value="">{t.all}</option>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
        );
      })}
      <div className="admin-filters__actions">
        <button type="submit" className="button button--primary button--small">
          {t.filter}
        </button>
        <a href={clearHref} className="button button--ghost button--small">
          {t.clear}
        </a>
      </div>
      {/* There while the list loads, so that its count is read out when it arrives. */}
      <LiveRegion as="p" className="admin-filters__count" testId={props.countTestId ?? 'list-count'}>
        {props.meta && countText(props.meta)}
      </LiveRegion>
    </form>
  );
}
