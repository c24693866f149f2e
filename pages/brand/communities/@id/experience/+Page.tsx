// /brand/communities/{id}/experience: the community's experiences, 今後/過去 (Japan time), numbered pages; a row
// opens the detail panel with the participants and recruitment of each date on the same side of the toggle
// (GET /experiences/{id}/participant-numbers?held_at=…).
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { CardTable, openColumn } from '#src/components/admin/CardTable';
import { DetailPanel, ListWithDetail } from '#src/components/admin/DetailPanel';
import { PublishBadge } from '#src/components/admin/ListStatus';
import { useLoad } from '#src/components/admin/useLoad';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { JpDateTime } from '#src/components/brand/JpDateTime';
import { ja } from '#src/i18n/ja';
import type { HeldAt, ParticipantNumbersResponse } from '#src/modules/brand-portal/brand-portal.schemas';
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
  const { community, held_at, experiences, meta } = useData<Data>();
  const [selected, setSelected] = useState<number | null>(null);
  const base = `/brand/communities/${community.id}/experience`;
  return (
    <section>
      <Breadcrumbs items={crumbs.experiences(community)} />
      <div className="admin-head">
        <h1>{t.title(community.name)}</h1>
      </div>
      <nav className="brand-toggle" aria-label={t.filterLabel} data-testid="held-at-toggle">
        <a href={`${base}?held_at=future`} aria-current={held_at === 'future' ? 'page' : undefined}>
          {t.future}
        </a>
        <a href={`${base}?held_at=past`} aria-current={held_at === 'past' ? 'page' : undefined}>
          {t.past}
        </a>
      </nav>
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
        <AdminPagination page={meta.current_page} totalPages={meta.total_pages} href={(p) => `${base}?held_at=${held_at}&page=${p}`} />
      </ListWithDetail>
    </section>
  );
}
