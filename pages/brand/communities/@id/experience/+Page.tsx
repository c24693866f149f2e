// /brand/communities/{id}/experience: the community's experiences, 今後/過去 (Japan time), numbered pages; a row
// opens the detail panel with each date's participants and recruitment (GET /experiences/{id}/participant-numbers).
import { useEffect, useRef, useState } from 'react';
import { useData } from 'vike-react/useData';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { EmptyRow, LoadError, PublishBadge } from '#src/components/admin/ListStatus';
import { firstMessage, useLoad } from '#src/components/admin/useLoad';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { jpDateTime } from '#src/components/brand/dates';
import { ja } from '#src/i18n/ja';
import type { ParticipantNumbersResponse } from '#src/modules/brand-portal/brand-portal.schemas';
import type { Data } from './+data';

const t = ja.brandPortalPages.experiences;
const a = ja.adminPages;

function Detail({ id, onClose }: { id: number; onClose: () => void }) {
  const load = useLoad<ParticipantNumbersResponse>(`${BRAND_API}/experiences/${id}/participant-numbers`);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.matchMedia('(max-width: 1080px)').matches) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  useEffect(() => {
    if (load.state === 'error') handleUnauthorized(load.error);
  }, [load]);
  const data = load.state === 'ok' ? load.data : null;
  return (
    <aside ref={panel} className="panel admin-detail" aria-labelledby="experience-detail-title" data-testid="experience-detail">
      <div className="admin-detail__head">
        <h2 id="experience-detail-title">{data ? data.experience_name : t.detailTitle}</h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {a.close}
        </button>
      </div>
      {load.state === 'loading' && <p>{a.loading}</p>}
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} />}
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
                  <td>{jpDateTime(row.held_at)}</td>
                  <td className="admin-table__num">{row.participant_number}</td>
                  <td className="admin-table__num">{row.recruitment_number}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </aside>
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
      <div className={selected ? 'admin-inquiries admin-inquiries--open' : 'admin-inquiries'}>
        <div>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards" data-testid="experiences-table">
              <thead>
                <tr>
                  <th>{t.heldAt}</th>
                  <th>{t.name}</th>
                  <th>{t.ambassador}</th>
                  <th>{t.place}</th>
                  <th>{t.status}</th>
                </tr>
              </thead>
              <tbody>
                {experiences.length === 0 && <EmptyRow columns={5} />}
                {experiences.map((row) => (
                  <tr
                    key={row.experience_id}
                    className={selected === row.experience_id ? 'is-clickable is-selected' : 'is-clickable'}
                    data-testid={`experience-${row.experience_id}`}
                    onClick={() => setSelected(row.experience_id)}
                  >
                    <td data-label={t.heldAt}>{row.held_at ? jpDateTime(row.held_at) : t.noDate}</td>
                    <td className="admin-table__wide" data-label={t.name}>
                      <button
                        type="button"
                        className="site-nav__plain"
                        aria-label={t.open(row.experience_name)}
                        onClick={() => setSelected(row.experience_id)}
                      >
                        {row.experience_name}
                      </button>
                    </td>
                    <td className="admin-table__wide" data-label={t.ambassador}>
                      {row.ambassador_name}
                    </td>
                    <td data-label={t.place}>{row.state ?? t.online}</td>
                    <td data-label={t.status}>
                      <PublishBadge published={row.published} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPagination page={meta.current_page} totalPages={meta.total_pages} href={(p) => `${base}?held_at=${held_at}&page=${p}`} />
        </div>
        {selected !== null && <Detail key={selected} id={selected} onClose={() => setSelected(null)} />}
      </div>
    </section>
  );
}
