// /brand/community_applications: the applications to the brand's communities (numbered pages, newest first; the
// applicant keyword, community, 対応済み/未対応 and applied-date filters live in the URL and the page links); a row
// opens the detail panel (community, applicant, age with 歳, occupation, the applicant's e-mail address to write to
// with a copy button, applied date, each question and answer) whose 対応済み/未対応 toggle saves at once (PUT {handled})
// and stays after a reload.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { CardTable, openColumn } from '#src/components/admin/CardTable';
import { DetailPanel, ListWithDetail, usePanelSave } from '#src/components/admin/DetailPanel';
import { ApplicationAnswers, ApplicationRows } from '#src/components/admin/ApplicationFacts';
import { useLoad } from '#src/components/admin/useLoad';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import * as ja from '#src/i18n/ja';
import { APPLICATION_FILTER_NAMES, type BrandApplicationDetail } from '#src/modules/brand-portal/brand-portal.schemas';
import { type FilterField, filtersOf, ListFilters, withPage } from '#src/components/admin/ListFilters';
import type { Data } from './+data';

const t = ja.brandPortalPages.applications;
const a = ja.adminPages;
const f = ja.lists;
const PAGE = '/brand/community_applications';

type Row = Data['community_applications'][number];

function HandledBadge({ handled }: { handled: boolean }) {
  return (
    <span className={handled ? 'badge badge--success' : 'badge badge--waiting'} data-testid="handled-state">
      {handled ? t.handled : t.unhandled}
    </span>
  );
}

/** The panel of one application; `onChanged` tells the list its new state (the panel stays open, no page load). */
function Detail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: (handled: boolean) => void }) {
  const load = useLoad<BrandApplicationDetail>(`${BRAND_API}/community-applications/${id}`);
  const { saving, error, save } = usePanelSave(load, t.updateFailed, handleUnauthorized);
  const change = (handled: boolean) => save(`${BRAND_API}/community-applications/${id}`, { handled }, () => onChanged(handled));

  const q = load.state === 'ok' ? load.data : null;
  return (
    <DetailPanel
      titleId="application-detail-title"
      title={t.detailTitle}
      testId="application-detail"
      load={load}
      onClose={onClose}
      intercept={handleUnauthorized}
      error={error}
    >
      {q && (
        <>
          <dl className="admin-summary">
            <dt>{t.status}</dt>
            <dd>
              <label className="admin-switch">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={q.handled}
                  checked={q.handled}
                  aria-disabled={saving || undefined}
                  data-testid="handled-toggle"
                  // Not disabled while saving: a switch disabled under the focus would drop it; a press then does nothing.
                  onChange={(e) => {
                    if (!saving) change(e.target.checked);
                  }}
                />
                <span>{q.handled ? t.handled : t.unhandled}</span>
              </label>
            </dd>
            <ApplicationRows q={q} />
          </dl>
          <ApplicationAnswers answers={q.answers} className="brand-answers" />
        </>
      )}
    </DetailPanel>
  );
}

export default function Page() {
  const { community_applications: loaded, communities, meta, filterError } = useData<Data>();
  const { urlParsed } = usePageContext();
  const fields: FilterField[] = [
    { kind: 'keyword', placeholder: ja.lists.placeholders.portalApplications },
    { kind: 'select', name: 'community_id', label: f.community, options: communities.map((c) => ({ value: String(c.id), label: c.name })) },
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
  // A refused filter is not applied: the links and the form then start from no filter.
  const search = filterError ? {} : urlParsed.search;
  const filters = filtersOf(search, APPLICATION_FILTER_NAMES);
  // The rows as saved: a toggle in the panel updates its row here (server routing: a reload would close the panel).
  const [handledById, setHandledById] = useState<ReadonlyMap<number, boolean>>(new Map());
  const rows = loaded.map((row) => (handledById.has(row.id) ? { ...row, handled: handledById.get(row.id) === true } : row));
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <section>
      <Breadcrumbs items={crumbs.applications()} />
      <div className="admin-head">
        <h1>{t.title}</h1>
      </div>
      {filterError && (
        <p className="alert alert--error" role="alert" data-testid="filter-error">
          {filterError}
        </p>
      )}
      <ListFilters action={PAGE} fields={fields} search={search} meta={meta} />
      <ListWithDetail
        detail={
          selected !== null && (
            <Detail
              key={selected}
              id={selected}
              onClose={() => setSelected(null)}
              onChanged={(handled) => setHandledById((prev) => new Map(prev).set(selected, handled))}
            />
          )
        }
      >
        <CardTable<Row>
          testId="applications-table"
          rowKey={(row) => row.id}
          rowTestId={(row) => `application-${row.id}`}
          select={{ selected, onSelect: (row) => setSelected(row.id) }}
          columns={[
            { label: t.status, cell: (row) => <HandledBadge handled={row.handled} /> },
            openColumn(
              t.applicant,
              (row) => row.user_name,
              t.open,
              (row) => setSelected(row.id),
            ),
            { label: t.community, cellClass: 'admin-table__wide', cell: (row) => row.community_name },
            { label: t.appliedAt, cell: (row) => a.date(row.applied_at) },
          ]}
          rows={rows}
        />
        <AdminPagination page={meta.current_page} totalPages={meta.total_pages} href={(p) => `${PAGE}?${withPage(filters, p)}`} />
      </ListWithDetail>
    </section>
  );
}
