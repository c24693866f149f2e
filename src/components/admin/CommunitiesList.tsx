// /admin/communities: ID, title (→ /communities/{id}), host name, brand, 公開/非公開, edit and ブランド設定; the
// keyword (title, host), brand and 公開状態 filters live in the URL (?q=&brand_id=&published=&page=); 新規作成 →
// /communities/new. ブランド設定 makes one brand (or none) the community's, audited.
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Modal } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import type { ListPageMeta } from '#src/lib/isomorphic/list-filters';
import type { AdminCommunityListItem } from '#src/modules/communities/community-list.schemas';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable } from './CardTable';
import { type FilterField, filterNames, filtersOf, ListFilters, publishedField, withPage } from './ListFilters';
import { LoadError, PublishBadge } from './ListStatus';
import { firstMessage, listOf, useLoad } from './useLoad';

const t = ja.adminPages;
const f = ja.lists;
const PAGE = '/admin/communities';
const API = '/api/v1/admin/communities';

type BrandOption = { id: number; name: string };

function BrandDialog(props: { community: AdminCommunityListItem; brands: BrandOption[]; onClose: () => void; onDone: () => void }) {
  const [value, setValue] = useState(String(props.community.brands[0]?.id ?? ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function save() {
    setBusy(true);
    setError(null);
    try {
      await api(`${API}/${props.community.id}/brand`, { method: 'PUT', body: { brand_id: value === '' ? null : Number(value) } });
      props.onDone();
    } catch (caught) {
      setError(firstMessage(caught, t.fetchFailed));
      setBusy(false);
    }
  }
  return (
    <Modal
      title={ja.lists.communityBrand.title}
      onClose={props.onClose}
      onConfirm={save}
      confirmLabel={ja.lists.communityBrand.save}
      busy={busy}
      testId="community-brand-dialog"
    >
      <p>{ja.lists.communityBrand.lead(props.community.name)}</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <label className="admin-filters__field">
        <span>{f.brand}</span>
        {/* While the choice is saved the select keeps the focus and says it is unavailable (aria-disabled); a change
            meanwhile is ignored, so it shows the brand being saved. */}
        <select
          className="select"
          name="brand_id"
          value={value}
          aria-disabled={busy || undefined}
          onChange={(e) => {
            if (!busy) setValue(e.target.value);
          }}
        >
          <option value="">{f.noBrand}</option>
          {props.brands.map((brand) => (
            <option key={brand.id} value={brand.id}>
              {brand.name}
            </option>
          ))}
        </select>
      </label>
    </Modal>
  );
}

export function CommunitiesList() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  // Every brand for the filter and the dialog (the admin's brand list: up to BRANDS_ADMIN_PAGE_SIZE, newest first).
  const brandsLoad = useLoad<unknown>('/api/v1/brands');
  const brands = brandsLoad.state === 'ok' ? listOf<BrandOption>(brandsLoad.data, 'brands') : [];
  const fields: FilterField[] = [
    { kind: 'keyword', placeholder: ja.lists.placeholders.communities },
    {
      kind: 'select',
      name: 'brand_id',
      label: f.brand,
      options: [{ value: 'none', label: f.noBrand }, ...brands.map((b) => ({ value: String(b.id), label: b.name }))],
    },
    publishedField(),
  ];
  const filters = filtersOf(urlParsed.search, filterNames(fields));
  const load = useLoad<{ communities: AdminCommunityListItem[]; meta?: ListPageMeta }>(`${API}?${withPage(filters, page)}`);
  const rows = load.state === 'ok' ? listOf<AdminCommunityListItem>(load.data, 'communities') : [];
  const meta = load.state === 'ok' ? load.data.meta : undefined;
  const [assigning, setAssigning] = useState<AdminCommunityListItem | null>(null);
  return (
    <section>
      <div className="admin-head">
        <h1>{t.communities.listTitle}</h1>
        <a href="/communities/new" className="button button--small">
          ＋ {t.createNew}
        </a>
      </div>
      {/* The select's options arrive with the brands: the form is drawn once they have, so its defaults apply. */}
      {brandsLoad.state !== 'loading' && <ListFilters action={PAGE} fields={fields} search={urlParsed.search} meta={meta ?? null} />}
      {load.state === 'error' && <LoadError message={firstMessage(load.error, t.fetchFailed)} onRetry={load.reload} />}
      <CardTable<AdminCommunityListItem>
        testId="communities-table"
        rowKey={(row) => row.id}
        rowTestId={(row) => `community-${row.id}`}
        status={load.state}
        columns={[
          { label: t.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
          {
            label: t.communities.name,
            cellClass: 'admin-table__wide',
            cell: (row) => <a href={`/communities/${row.id}`}>{row.name}</a>,
          },
          { label: t.communities.hostName, cellClass: 'admin-table__wide', cell: (row) => row.host_name },
          {
            label: f.brand,
            cell: (row) =>
              row.brands.length ? row.brands.map((b) => b.name).join('、') : <span className="admin-muted">{f.noBrand}</span>,
          },
          { label: t.communities.status, cell: (row) => <PublishBadge published={row.published} /> },
        ]}
        rows={rows}
        actions={{
          label: ja.adminPages.actions,
          cell: (row) => (
            <>
              <a href={`/admin/communities/${row.id}/edit`} className="button button--ghost button--small">
                {t.edit}
              </a>
              <button type="button" className="button button--ghost button--small" onClick={() => setAssigning(row)}>
                {ja.lists.communityBrand.button}
              </button>
            </>
          ),
        }}
      />
      <AdminPagination
        page={meta?.current_page ?? page}
        totalPages={meta?.total_pages ?? 1}
        href={(p) => `${PAGE}?${withPage(filters, p)}`}
      />
      {assigning && (
        <BrandDialog
          community={assigning}
          brands={brands}
          onClose={() => setAssigning(null)}
          onDone={() => {
            setAssigning(null);
            load.reload();
          }}
        />
      )}
    </section>
  );
}
