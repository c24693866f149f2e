// /admin/community_applications: every community's applications, those of a community without a brand included
// (numbered pages, newest first; the applicant keyword, community, brand or ブランドなし, 対応済み/未対応 and applied-date
// filters live in the URL and the page links, their choices come with the list). A row opens the detail panel
// (community, brands, applicant, account id, age, occupation, the applicant's current e-mail address with コピー,
// applied date, each question and answer) whose 対応状況 select is saved with its 保存 button (PUT {handled}, the
// brand portal's toggle, audited), which reloads list and panel.
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { AdminPagination, pageFromSearch } from '#src/components/admin/AdminPagination';
import { CardTable, openColumn } from '#src/components/admin/CardTable';
import { DetailPanel, ListWithDetail, usePanelSave } from '#src/components/admin/DetailPanel';
import { ApplicationAnswers, ApplicationRows } from '#src/components/admin/ApplicationFacts';
import { StatusControl } from '#src/components/admin/InquiryControls';
import { type FilterField, filtersOf, ListFilters, withPage } from '#src/components/admin/ListFilters';
import { LoadError } from '#src/components/admin/ListStatus';
import { firstMessage, useLoad } from '#src/components/admin/useLoad';
import * as ja from '#src/i18n/ja';
import {
  ADMIN_APPLICATION_FILTER_NAMES,
  type AdminApplicationDetail,
  type AdminApplicationListItem,
  type AdminApplicationListResponse,
} from '#src/modules/communities/community-list.schemas';

const t = ja.adminApplications;
const a = ja.adminPages;
const f = ja.lists;
const PAGE = '/admin/community_applications';
const API = '/api/v1/admin/community-applications';

function HandledBadge({ handled }: { handled: boolean }) {
  return (
    <span className={handled ? 'badge badge--resolved' : 'badge badge--unresolved'} data-testid="handled-state">
      {handled ? t.handled : t.unhandled}
    </span>
  );
}

/** The community's brands by name, or ブランドなし (nobody at a brand reads its applications). */
function BrandNames({ brands }: { brands: { id: number; name: string }[] }) {
  return brands.length ? brands.map((brand) => brand.name).join('、') : <span className="admin-muted">{f.noBrand}</span>;
}

function Detail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const load = useLoad<AdminApplicationDetail>(`${API}/${id}`);
  const { saving, error, save } = usePanelSave(load, t.updateFailed);
  const q = load.state === 'ok' ? load.data : null;
  return (
    <DetailPanel
      titleId="application-detail-title"
      title={t.detailTitle}
      testId="application-detail"
      load={load}
      onClose={onClose}
      error={error}
    >
      {q && (
        <>
          <dl className="admin-summary">
            <dt>
              <label htmlFor="inquiry-status">{t.status}</label>
            </dt>
            <dd>
              <StatusControl
                resolved={q.handled}
                saving={saving}
                onSave={(handled, onSaved) =>
                  save(`${API}/${id}`, { handled }, () => {
                    onSaved();
                    onChanged();
                  })
                }
              />
            </dd>
            <ApplicationRows
              q={q}
              afterCommunity={
                <>
                  <dt>{t.brand}</dt>
                  <dd data-testid="application-brands">
                    <BrandNames brands={q.brands} />
                  </dd>
                </>
              }
              afterApplicant={
                <>
                  <dt>{t.account}</dt>
                  <dd>{q.user_id}</dd>
                </>
              }
            />
          </dl>
          <ApplicationAnswers answers={q.answers} className="admin-summary" />
        </>
      )}
    </DetailPanel>
  );
}

export default function Page() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const filters = filtersOf(urlParsed.search, ADMIN_APPLICATION_FILTER_NAMES);
  const load = useLoad<AdminApplicationListResponse>(`${API}?${withPage(filters, page)}`);
  const [selected, setSelected] = useState<number | null>(null);
  const data = load.state === 'ok' ? load.data : null;
  const rows = data?.community_applications ?? [];
  const fields: FilterField[] = [
    { kind: 'keyword', placeholder: f.placeholders.portalApplications },
    {
      kind: 'select',
      name: 'community_id',
      label: f.community,
      options: (data?.communities ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    },
    {
      kind: 'select',
      name: 'brand_id',
      label: f.brand,
      options: [{ value: 'none', label: f.noBrand }, ...(data?.brands ?? []).map((b) => ({ value: String(b.id), label: b.name }))],
    },
    {
      kind: 'select',
      name: 'handled',
      label: f.handled,
      options: [
        { value: 'false', label: f.handledFalse },
        { value: 'true', label: f.handledTrue },
      ],
    },
    { kind: 'date', name: 'since', label: f.since },
    { kind: 'date', name: 'until', label: f.until },
  ];
  return (
    <section>
      <div className="admin-head">
        <h1>{t.title}</h1>
      </div>
      <p className="admin-lead">{t.lead}</p>
      {/* The selects' choices arrive with the list: the form is drawn once it has, so its defaults apply. */}
      {load.state !== 'loading' && (
        <ListFilters action={PAGE} fields={fields} search={urlParsed.search} meta={data?.meta ?? null} label={t.filtersLabel} />
      )}
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <ListWithDetail
        detail={selected !== null && <Detail key={selected} id={selected} onClose={() => setSelected(null)} onChanged={load.reload} />}
      >
        <CardTable<AdminApplicationListItem>
          testId="applications-table"
          rowKey={(row) => row.id}
          rowTestId={(row) => `application-${row.id}`}
          status={load.state}
          select={{ selected, onSelect: (row) => setSelected(row.id) }}
          columns={[
            { label: t.status, cell: (row) => <HandledBadge handled={row.handled} /> },
            { label: a.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
            openColumn(
              t.applicant,
              (row) => row.user_name,
              t.open,
              (row) => setSelected(row.id),
            ),
            { label: t.community, cellClass: 'admin-table__wide', cell: (row) => row.community_name },
            { label: t.brand, cell: (row) => <BrandNames brands={row.brands} /> },
            { label: t.appliedAt, cell: (row) => a.date(row.applied_at) },
          ]}
          rows={rows}
        />
        <AdminPagination
          page={data?.meta.current_page ?? page}
          totalPages={data?.meta.total_pages ?? 1}
          href={(p) => `${PAGE}?${withPage(filters, p)}`}
        />
      </ListWithDetail>
    </section>
  );
}
