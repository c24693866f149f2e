// /admin/ambassador and /admin/brand: ID, 公開状態, name (→ summary), created date, members, edit; 新規作成; the name
// keyword and 公開状態 filters live in the URL (?q=&published=&page=).
// GET /ambassadors and /brands answer ADMIN with the unpublished entries too, with their published flag.
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable } from './CardTable';
import { LoadError, PublishBadge } from './ListStatus';
import { type AdminPartnerListItem, PARTNER, type PartnerKind } from './partner-kinds';
import { firstMessage, listOf, useLoad } from './useLoad';
import { type FilterField, filterNames, filtersOf, ListFilters, publishedField, withPage } from './ListFilters';
import type { ListPageMeta } from '#src/lib/isomorphic/list-filters';

const t = ja.adminPages;

export function PartnerList({ kind }: { kind: PartnerKind }) {
  const k = PARTNER[kind];
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const fields: FilterField[] = [{ kind: 'keyword', placeholder: k.text.name }, publishedField()];
  const filters = filtersOf(urlParsed.search, filterNames(fields));
  const load = useLoad<unknown>(`${k.api}?${withPage(filters, page)}`);
  const rows = load.state === 'ok' ? listOf<AdminPartnerListItem>(load.data, k.listKey) : [];
  const meta = load.state === 'ok' ? (load.data as { meta?: ListPageMeta }).meta : undefined;
  return (
    <section>
      <div className="admin-head">
        <h1>{k.text.listTitle}</h1>
        <a href={`${k.admin}/new`} className="button button--small">
          ＋ {t.createNew}
        </a>
      </div>
      <ListFilters action={k.admin} fields={fields} search={urlParsed.search} meta={meta ?? null} />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, k.listFailed)} onRetry={load.reload} />}
      <CardTable<AdminPartnerListItem>
        testId={`${kind}-table`}
        rowKey={(row) => row.id}
        status={load.state}
        columns={[
          { label: t.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
          { label: t.publishSetting, cell: (row) => <PublishBadge published={row.published !== false} /> },
          { label: k.text.name, cellClass: 'admin-table__wide', cell: (row) => <a href={`${k.admin}/${row.id}`}>{row.name}</a> },
          { label: t.createdAt, cell: (row) => t.date(row.created_at) },
        ]}
        rows={rows}
        actions={{
          label: t.members,
          cell: (row) => (
            <>
              <a href={`${k.admin}/${row.id}/members`} className="button button--ghost button--small">
                {t.members}
              </a>
              <a href={`${k.admin}/${row.id}/edit`} className="button button--ghost button--small">
                {t.edit}
              </a>
            </>
          ),
        }}
      />
      <AdminPagination
        page={meta?.current_page ?? page}
        totalPages={meta?.total_pages ?? 1}
        href={(p) => `${k.admin}?${withPage(filters, p)}`}
      />
    </section>
  );
}
