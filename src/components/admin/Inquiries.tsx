// /admin/brand_ambassador_inquiries: numbered pages (?page= in the URL, so reload and back keep it), newest
// first; a row opens the detail panel, whose 対応済み/未対応 dropdown saves at once and reloads list and panel.
import { useEffect, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ja } from '#src/i18n/ja';
import type { BrandInquiry } from '#src/modules/inquiries/inquiries.schemas';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable, openColumn } from './CardTable';
import { DetailPanel, ListWithDetail, usePanelSave } from './DetailPanel';
import { LoadError } from './ListStatus';
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
  const { saving, error, save } = usePanelSave(load, t.updateFailed);
  const subjects = ja.inquiries.subjects as Record<string, { label: string }>;
  const change = (value: string) => save(`${API}/${id}`, { resolved: value === 'true' }, onChanged);

  const q = load.state === 'ok' ? load.data : null;
  return (
    <DetailPanel titleId="inquiry-detail-title" title={t.detailTitle} testId="inquiry-detail" load={load} onClose={onClose} error={error}>
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
    </DetailPanel>
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
      <ListWithDetail
        detail={selected !== null && <Detail key={selected} id={selected} onClose={() => setSelected(null)} onChanged={load.reload} />}
      >
        <CardTable<BrandInquiry>
          testId="inquiries-table"
          rowKey={(row) => row.id}
          rowTestId={(row) => `inquiry-row-${row.id}`}
          status={load.state}
          select={{ selected, onSelect: (row) => setSelected(row.id) }}
          columns={[
            { label: t.status, cell: (row) => <StatusBadge resolved={row.resolved} /> },
            { label: a.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
            openColumn(
              t.name,
              (row) => row.name,
              t.open,
              (row) => setSelected(row.id),
            ),
            { label: t.company, cellClass: 'admin-table__wide', cell: (row) => row.company_name },
            { label: t.date, cell: (row) => a.date(row.created_at) },
          ]}
          rows={rows}
        />
        <AdminPagination
          page={load.state === 'ok' ? (load.data.meta?.current_page ?? page) : page}
          totalPages={totalPages}
          href={(p) => `/admin/brand_ambassador_inquiries?page=${p}`}
        />
      </ListWithDetail>
    </section>
  );
}
