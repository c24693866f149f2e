// /brand/community_applications: the applications to the brand's communities (numbered pages, newest first); a row
// opens the detail panel (community, applicant, age with 歳, occupation, applied date, each question and answer)
// whose 対応済み/未対応 toggle saves at once (PUT {handled}) and stays after a reload.
import { useEffect, useRef, useState } from 'react';
import { useData } from 'vike-react/useData';
import { AdminPagination } from '#src/components/admin/AdminPagination';
import { EmptyRow, LoadError } from '#src/components/admin/ListStatus';
import { firstMessage, useLoad } from '#src/components/admin/useLoad';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import type { BrandApplicationDetail } from '#src/modules/brand-portal/brand-portal.schemas';
import type { Data } from './+data';

const t = ja.brandPortalPages.applications;
const a = ja.adminPages;

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
  const panel = useRef<HTMLElement>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (window.matchMedia('(max-width: 1080px)').matches) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  useEffect(() => {
    if (load.state === 'error') handleUnauthorized(load.error);
  }, [load]);

  async function change(handled: boolean) {
    setSaving(true);
    setError(null);
    try {
      await api(`${BRAND_API}/community-applications/${id}`, { method: 'PUT', body: { handled } });
      load.reload();
      onChanged(handled);
    } catch (e) {
      if (handleUnauthorized(e)) return;
      console.error('update failed', e);
      setError(firstMessage(e, t.updateFailed));
    } finally {
      setSaving(false);
    }
  }

  const q = load.state === 'ok' ? load.data : null;
  return (
    <aside ref={panel} className="panel admin-detail" aria-labelledby="application-detail-title" data-testid="application-detail">
      <div className="admin-detail__head">
        <h2 id="application-detail-title">{t.detailTitle}</h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          {a.close}
        </button>
      </div>
      {load.state === 'loading' && <p>{a.loading}</p>}
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} />}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
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
                  disabled={saving}
                  data-testid="handled-toggle"
                  onChange={(e) => change(e.target.checked)}
                />
                <span>{q.handled ? t.handled : t.unhandled}</span>
              </label>
            </dd>
            <dt>{t.community}</dt>
            <dd>{q.community_name}</dd>
            <dt>{t.applicant}</dt>
            <dd>{q.user_name}</dd>
            <dt>{t.age}</dt>
            <dd>{t.ageValue(q.user_age)}</dd>
            <dt>{t.occupation}</dt>
            <dd>{q.occupation}</dd>
            <dt>{t.appliedAt}</dt>
            <dd>{a.date(q.applied_at)}</dd>
          </dl>
          {q.answers.length > 0 && (
            <>
              <h3>{t.answers}</h3>
              <dl className="brand-answers" data-testid="answers">
                {q.answers.map((answer, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: answers are listed in the form's order and never move
                  <div key={index}>
                    <dt>{answer.question}</dt>
                    <dd>{answer.answer || t.noAnswer}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        </>
      )}
    </aside>
  );
}

export default function Page() {
  const { community_applications: loaded, meta } = useData<Data>();
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
      <div className={selected ? 'admin-inquiries admin-inquiries--open' : 'admin-inquiries'}>
        <div>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards" data-testid="applications-table">
              <thead>
                <tr>
                  <th>{t.status}</th>
                  <th>{t.applicant}</th>
                  <th>{t.community}</th>
                  <th>{t.appliedAt}</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && <EmptyRow columns={4} />}
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    className={selected === row.id ? 'is-clickable is-selected' : 'is-clickable'}
                    data-testid={`application-${row.id}`}
                    onClick={() => setSelected(row.id)}
                  >
                    <td data-label={t.status}>
                      <HandledBadge handled={row.handled} />
                    </td>
                    <td className="admin-table__wide" data-label={t.applicant}>
                      <button
                        type="button"
                        className="site-nav__plain"
                        aria-label={t.open(row.user_name)}
                        onClick={() => setSelected(row.id)}
                      >
                        {row.user_name}
                      </button>
                    </td>
                    <td className="admin-table__wide" data-label={t.community}>
                      {row.community_name}
                    </td>
                    <td data-label={t.appliedAt}>{a.date(row.applied_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPagination page={meta.current_page} totalPages={meta.total_pages} href={(p) => `/brand/community_applications?page=${p}`} />
        </div>
        {selected !== null && (
          <Detail
            key={selected}
            id={selected}
            onClose={() => setSelected(null)}
            onChanged={(handled) => setHandledById((prev) => new Map(prev).set(selected, handled))}
          />
        )}
      </div>
    </section>
  );
}
