// /brand/communities/{id}/experience: the community's experiences, 今後/過去 (Japan time), numbered pages; a row
// opens the detail panel with the participants and recruitment of each date on the same side of the toggle
// (GET /experiences/{id}/participant-numbers?held_at=…). The title keyword and the host ambassador filter live in
// the URL, kept by the toggle and the page links.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { CardTable, openColumn } from '#src/components/admin/CardTable';
import { DetailPanel, ListWithDetail } from '#src/components/admin/DetailPanel';
import { PublishBadge } from '#src/components/admin/ListStatus';
import { useLoad } from '#src/components/admin/useLoad';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { JpDateTime } from '#src/components/brand/JpDateTime';
import * as ja from '#src/i18n/ja';
import { EXPERIENCE_FILTER_NAMES, type HeldAt, type ParticipantNumbersResponse } from '#src/modules/brand-portal/brand-portal.schemas';
import { type FilterField, filtersOf, ListFilters, withPage } from '#src/components/admin/ListFilters';
import type { Data } from './+data';

const t = ja.brandPortalPages.experiences;

type Row = Data['experiences'][number];

function Detail({ id, heldAt, onClose }: { id: number; heldAt: HeldAt; onClose: () => void }) {
  const load = useLoad<ParticipantNumbersResponse>(`${BRAND_API}/experiences/${id}/participant-numbers?held_at=${heldAt}`);
  const data = load.state === 'ok' ? load.data : null;
  return (
    <DetailPanel
      titleId="experience-detail-title"
      title={data ? data.experience_name : t.detailTitle}
      testId="experience-detail"
      load={load}
      onClose={onClose}
      intercept={handleUnauthorized}
    >
      {data && data.participant_numbers.length === 0 && <p className="muted">{t.noDates}</p>}
      {data && data.participant_numbers.length > 0 && (
        <div className="brand-detail-table">
          <table className="admin-table" data-testid="participant-numbers">
            <thead>
              <tr>
                <th>{t.date}</th>
                <th className="admin-table__num">{t.participants}</th>
                <th className="admin-table__num">{t.recruitment}</th>
              </tr>
            </thead>
            <tbody>
              {data.participant_numbers.map((row) => (
                <tr key={row.calendar_id}>
                  <td className="brand-datetime">
                    <JpDateTime iso={row.held_at} />
                  </td>
                  <td className="admin-table__num">{row.participant_number}</td>
                  <td className="admin-table__num">{row.recruitment_number}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </DetailPanel>
  );
}

export default function Page() {
  const { community, held_at, experiences, ambassadors, meta, filterError } = useData<Data>();
  const [selected, setSelected] = useState<number | null>(null);
  const { urlParsed } = usePageContext();
  const base = `/brand/communities/${community.id}/experience`;
  const fields: FilterField[] = [
    { kind: 'keyword', placeholder: ja.lists.placeholders.portalExperiences },
    {
      kind: 'select',
      name: 'ambassador_id',
      label: ja.lists.ambassador,
      options: ambassadors.map((x) => ({ value: String(x.id), label: x.name })),
    },
  ];
  // A refused filter is not applied: the links and the form then start from no filter. The toggle keeps them.
  const search = filterError ? {} : urlParsed.search;
  const filters = filtersOf(search, EXPERIENCE_FILTER_NAMES, { held_at });
  const toggle = (side: string) => {
    const next = new URLSearchParams(filters);
    next.set('held_at', side);
    return `${base}?${next.toString()}`;
  };
  return (
    <section>
      <Breadcrumbs items={crumbs.experiences(community)} />
      <div className="admin-head">
        <h1>{t.title(community.name)}</h1>
      </div>
      <nav className="brand-toggle" aria-label={t.filterLabel} data-testid="held-at-toggle">
        <a href={toggle('future')} aria-current={held_at === 'future' ? 'page' : undefined}>
          {t.future}
        </a>
        <a href={toggle('past')} aria-current={held_at === 'past' ? 'page' : undefined}>
          {t.past}
        </a>
      </nav>
      {filterError && (
        <p className="alert alert--error" role="alert" data-testid="filter-error">
          {filterError}
        </p>
      )}
      <ListFilters action={base} fields={fields} search={search} hidden={{ held_at }} meta={meta} />
      <ListWithDetail
        detail={selected !== null && <Detail key={selected} id={selected} heldAt={held_at} onClose={() => setSelected(null)} />}
      >
        <CardTable<Row>
          testId="experiences-table"
          rowKey={(row) => row.experience_id}
          rowTestId={(row) => `experience-${row.experience_id}`}
          select={{ selected, onSelect: (row) => setSelected(row.experience_id) }}
          columns={[
            { label: t.heldAt, cellClass: 'brand-datetime', cell: (row) => (row.held_at ? <JpDateTime iso={row.held_at} /> : t.noDate) },
            openColumn(
              t.name,
              (row) => row.experience_name,
              t.open,
              (row) => setSelected(row.experience_id),
            ),
            { label: t.ambassador, cellClass: 'admin-table__wide', cell: (row) => row.ambassador_name },
            { label: t.place, cell: (row) => row.state ?? t.online },
            { label: t.status, cell: (row) => <PublishBadge published={row.published} /> },
          ]}
          rows={experiences}
        />
        <AdminPagination page={meta.current_page} totalPages={meta.total_pages} href={(p) => `${base}?${withPage(filters, p)}`} />
      </ListWithDetail>
    </section>
  );
}
