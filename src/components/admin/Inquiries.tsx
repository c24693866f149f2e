// /admin/brand_ambassador_inquiries: numbered pages (?page= in the URL, so reload and back keep it), newest
// first; a row opens the detail panel, whose 対応済み/未対応 dropdown saves at once and reloads list and panel.
import { useEffect, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import type { BrandInquiry } from '#src/modules/inquiries/inquiries.schemas';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { EmptyRow, LoadError, SkeletonRows } from './ListStatus';
import { firstMessage, listOf, useLoad } from './useLoad';

const t = ja.adminPages.inquiries;
const a = ja.adminPages;
const API = '/api/v1/brand_and_ambassador_inquiries';
const COPIED_MS = 2000;

function StatusBadge({ resolved }: { resolved: boolean }) {
  return resolved ? (
    <span className="badge badge--resolved" data-testid="inquiry-status">
      {t.resolved}
    </span>
  ) : (
    <span className="badge badge--unresolved" data-testid="inquiry-status">
      {t.unresolved}
    </span>
  );
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without the clipboard API (older browsers, permissions): a selected textarea and the copy command.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={copy}>
        {t.copy}
      </button>
      {copied && (
        <span className="admin-copy__done" role="status" data-testid="copied">
          {t.copied}
        </span>
      )}
    </>
  );
}

function Detail({ id, onClose, onChanged }: { id: number; onClose: () => void; onChanged: () => void }) {
  const load = useLoad<BrandInquiry>(`${API}/${id}`);
  const panel = useRef<HTMLElement>(null);
  // Below 1080px the panel sits under the list: bring it into view when a row is chosen.
  useEffect(() => {
    if (window.matchMedia('(max-width: 1080px)').matches) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const subjects = ja.inquiries.subjects as Record<string, { label: string }>;

  async function change(value: string) {
    setSaving(true);
    setError(null);
    try {
      await api(`${API}/${id}`, { method: 'PUT', body: { resolved: value === 'true' } });
      load.reload();
      onChanged();
    } catch (e) {
      console.error('update failed', e);
      setError(firstMessage(e, t.updateFailed));
    } finally {
      setSaving(false);
    }
  }

  const q = load.state === 'ok' ? load.data : null;
  return (
    <aside ref={panel} className="panel admin-detail" aria-labelledby="inquiry-detail-title" data-testid="inquiry-detail">
      <div className="admin-detail__head">
        <h2 id="inquiry-detail-title">{t.detailTitle}</h2>
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
        <dl className="admin-summary">
          <dt>{t.date}</dt>
          <dd>{a.date(q.created_at)}</dd>
          <dt>
            <label htmlFor="inquiry-status">{t.status}</label>
          </dt>
          <dd>
            <select
              id="inquiry-status"
              className="select"
              value={String(q.resolved)}
              disabled={saving}
              onChange={(e) => change(e.target.value)}
            >
              <option value="false">{t.unresolved}</option>
              <option value="true">{t.resolved}</option>
            </select>
          </dd>
          <dt>{t.name}</dt>
          <dd>{q.name}</dd>
          <dt>{t.email}</dt>
          <dd>
            <span className="admin-copy">
              <a href={`mailto:${q.email}`}>{q.email}</a>
              <CopyButton text={q.email} />
            </span>
          </dd>
          <dt>{t.company}</dt>
          <dd>{q.company_name}</dd>
          {q.department_name && (
            <>
              <dt>{t.department}</dt>
              <dd>{q.department_name}</dd>
            </>
          )}
          {q.position_name && (
            <>
              <dt>{t.position}</dt>
              <dd>{q.position_name}</dd>
            </>
          )}
          <dt>{t.subject}</dt>
          <dd>{subjects[q.subject]?.label ?? q.subject}</dd>
          <dt>{t.content}</dt>
          <dd>{q.content}</dd>
        </dl>
      )}
    </aside>
  );
}

export function Inquiries() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const load = useLoad<{ inquiries: BrandInquiry[]; meta?: { current_page: number; total_pages: number } }>(`${API}?page=${page}`);
  const [selected, setSelected] = useState<number | null>(null);
  const rows = load.state === 'ok' ? listOf<BrandInquiry>(load.data, 'inquiries') : [];
  const totalPages = load.state === 'ok' ? (load.data.meta?.total_pages ?? 1) : 1;

  return (
    <section>
      <div className="admin-head">
        <h1>{t.listTitle}</h1>
      </div>
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <div className={selected ? 'admin-inquiries admin-inquiries--open' : 'admin-inquiries'}>
        <div>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards" data-testid="inquiries-table">
              <thead>
                <tr>
                  <th>{t.status}</th>
                  <th className="admin-table__num">{a.id}</th>
                  <th>{t.name}</th>
                  <th>{t.company}</th>
                  <th>{t.date}</th>
                </tr>
              </thead>
              <tbody>
                {load.state === 'loading' && <SkeletonRows columns={5} />}
                {load.state === 'ok' && rows.length === 0 && <EmptyRow columns={5} />}
                {rows.map((row) => (
                  <tr
                    key={row.id}
                    className={selected === row.id ? 'is-clickable is-selected' : 'is-clickable'}
                    data-testid={`inquiry-row-${row.id}`}
                    onClick={() => setSelected(row.id)}
                  >
                    <td data-label={t.status}>
                      <StatusBadge resolved={row.resolved} />
                    </td>
                    <td className="admin-table__num" data-label={a.id}>
                      {row.id}
                    </td>
                    <td className="admin-table__wide" data-label={t.name}>
                      <button type="button" className="site-nav__plain" aria-label={t.open(row.name)} onClick={() => setSelected(row.id)}>
                        {row.name}
                      </button>
                    </td>
                    <td className="admin-table__wide" data-label={t.company}>
                      {row.company_name}
                    </td>
                    <td data-label={t.date}>{a.date(row.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPagination page={page} totalPages={totalPages} href={(p) => `/admin/brand_ambassador_inquiries?page=${p}`} />
        </div>
        {selected !== null && <Detail key={selected} id={selected} onClose={() => setSelected(null)} onChanged={load.reload} />}
      </div>
    </section>
  );
}
