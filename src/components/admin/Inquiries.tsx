// /admin/brand_ambassador_inquiries: the program inquiries and (?kind=contact) the general ones from /inquiry, in
// one list shape: numbered pages (?page= in the URL, so reload and back keep it), newest first; a row opens the
// detail panel, whose 対応済み/未対応 dropdown is saved with its 保存 button (a select that saved on change would
// save on every arrow press), which reloads list and panel.
import { useState, type ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import type { BrandInquiry, ContactInquiryAdmin } from '#src/modules/inquiries/inquiries.schemas';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable, openColumn, type Column } from './CardTable';
import { DetailPanel, ListWithDetail, usePanelSave } from './DetailPanel';
import { EmailWithCopy, StatusControl } from './InquiryControls';
import { LoadError } from './ListStatus';
import { type FilterField, filterNames, filtersOf, ListFilters, withPage } from './ListFilters';
import type { ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { firstMessage, listOf, useLoad } from './useLoad';

const t = ja.adminPages.inquiries;
const a = ja.adminPages;
const API = '/api/v1/brand_and_ambassador_inquiries';
const CONTACT_API = '/api/v1/contact_inquiries';
const PAGE = '/admin/brand_ambassador_inquiries';

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

/** What both kinds of inquiry show first in their detail. */
type InquiryHead = Pick<BrandInquiry & ContactInquiryAdmin, 'created_at' | 'resolved' | 'name' | 'email'>;

/**
 * The detail panel of either kind: the date, the 状態 control (saved to `url`), the name and the address, then the
 * kind's own rows (`rows`).
 */
function InquiryDetail<Q extends InquiryHead>(props: {
  url: string;
  onClose: () => void;
  onChanged: () => void;
  rows: (q: Q) => ReactNode;
}) {
  const { url, onClose, onChanged, rows } = props;
  const load = useLoad<Q>(url);
  const { saving, error, save } = usePanelSave(load, t.updateFailed);
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
            <StatusControl
              resolved={q.resolved}
              saving={saving}
              onSave={(resolved, onSaved) =>
                save(url, { resolved }, () => {
                  onSaved();
                  onChanged();
                })
              }
            />
          </dd>
          <dt>{t.name}</dt>
          <dd>{q.name}</dd>
          <dt>{t.email}</dt>
          <dd>
            <EmailWithCopy email={q.email} />
          </dd>
          {rows(q)}
        </dl>
      )}
    </DetailPanel>
  );
}

type DetailProps = { id: number; onClose: () => void; onChanged: () => void };

/** A program inquiry: the company, department and position, the subject and the text. */
function Detail({ id, onClose, onChanged }: DetailProps) {
  const subjects = ja.inquiries.subjects as Record<string, { label: string }>;
  return (
    <InquiryDetail<BrandInquiry>
      url={`${API}/${id}`}
      onClose={onClose}
      onChanged={onChanged}
      rows={(q) => (
        <>
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
        </>
      )}
    />
  );
}

/** A general inquiry: the sender's account, the reservation its number names, and the text. */
function ContactDetail({ id, onClose, onChanged }: DetailProps) {
  return (
    <InquiryDetail<ContactInquiryAdmin>
      url={`${CONTACT_API}/${id}`}
      onClose={onClose}
      onChanged={onChanged}
      rows={(q) => (
        <>
          <dt>{t.account}</dt>
          <dd>{q.user_id ? `ID: ${q.user_id}` : t.noAccount}</dd>
          {q.reservation_number !== null && (
            <>
              <dt>{t.reservation}</dt>
              <dd data-testid="inquiry-reservation">
                {q.reservation
                  ? t.reservationLinked(q.reservation.id, q.reservation.experience_title, q.reservation.status)
                  : t.reservationUnmatched(q.reservation_number)}
              </dd>
            </>
          )}
          <dt>{t.content}</dt>
          <dd className="admin-detail__text">{q.content}</dd>
        </>
      )}
    />
  );
}

type Kind = 'brand' | 'contact';

/** The filters of each kind (the names of `inquiryListQuerySchema` and `contactInquiryListQuerySchema`). */
function fieldsOf(kind: Kind): FilterField[] {
  const subjects = ja.inquiries.subjects as Record<string, { label: string }>;
  return [
    { kind: 'keyword', placeholder: kind === 'contact' ? ja.lists.placeholders.contactInquiries : t.keywordPlaceholder },
    {
      kind: 'select',
      name: 'resolved',
      label: t.status,
      options: [
        { value: 'false', label: t.unresolved },
        { value: 'true', label: t.resolved },
      ],
    },
    ...(kind === 'brand'
      ? [
          {
            kind: 'select',
            name: 'subject',
            label: t.subject,
            options: Object.entries(subjects).map(([value, subject]) => ({ value, label: subject.label })),
          } as const,
        ]
      : []),
    { kind: 'date', name: 'since', label: ja.lists.since },
    { kind: 'date', name: 'until', label: ja.lists.until },
  ];
}

function KindTabs({ kind }: { kind: Kind }) {
  const tabs: { kind: Kind; label: string; href: string }[] = [
    { kind: 'brand', label: t.kindBrand, href: PAGE },
    { kind: 'contact', label: t.kindContact, href: `${PAGE}?kind=contact` },
  ];
  return (
    <nav className="admin-tabs" aria-label={t.kindsLabel}>
      {tabs.map((tab) => (
        <a key={tab.kind} href={tab.href} className="admin-tabs__tab" aria-current={tab.kind === kind ? 'page' : undefined}>
          {tab.label}
        </a>
      ))}
    </nav>
  );
}

/** What both inquiry lists show of a row. */
interface InquiryRow {
  id: number;
  name: string;
  resolved: boolean;
  created_at: string;
}

/**
 * One inquiry list (program or general): the filters and their count, the table, its detail panel and the pages.
 * The two differ in their call, their fourth column and their detail panel.
 */
function InquiryList<Row extends InquiryRow>(props: {
  kind: Kind;
  page: number;
  search: Record<string, string>;
  api: string;
  column: Column<Row>;
  detail: (id: number, close: () => void, changed: () => void) => ReactNode;
}) {
  const { kind, page } = props;
  const fields = fieldsOf(kind);
  const hidden: Record<string, string> = kind === 'contact' ? { kind: 'contact' } : {};
  const filters = filtersOf(props.search, filterNames(fields), hidden);
  // The page's URL names the kind; the call does not (each kind has its own).
  const apiFilters = filtersOf(props.search, filterNames(fields));
  const load = useLoad<{ inquiries: Row[]; meta?: ListPageMeta }>(`${props.api}?${withPage(apiFilters, page)}`);
  const [selected, setSelected] = useState<number | null>(null);
  const rows = load.state === 'ok' ? listOf<Row>(load.data, 'inquiries') : [];
  const totalPages = load.state === 'ok' ? (load.data.meta?.total_pages ?? 1) : 1;
  return (
    <section>
      <div className="admin-head">
        <h1>{t.listTitle}</h1>
      </div>
      <KindTabs kind={kind} />
      <ListFilters
        action={PAGE}
        fields={fields}
        search={props.search}
        hidden={hidden}
        meta={load.state === 'ok' ? (load.data.meta ?? null) : null}
        label={t.filtersLabel}
        countTestId="inquiry-count"
      />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <ListWithDetail detail={selected !== null && props.detail(selected, () => setSelected(null), load.reload)}>
        <CardTable<Row>
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
            props.column,
            { label: t.date, cell: (row) => a.date(row.created_at) },
          ]}
          rows={rows}
        />
        <AdminPagination
          page={load.state === 'ok' ? (load.data.meta?.current_page ?? page) : page}
          totalPages={totalPages}
          href={(p) => `${PAGE}?${withPage(filters, p)}`}
        />
      </ListWithDetail>
    </section>
  );
}

export function Inquiries() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  if (urlParsed.search.kind === 'contact') {
    return (
      <InquiryList<ContactInquiryAdmin>
        kind="contact"
        page={page}
        search={urlParsed.search}
        api={CONTACT_API}
        column={{ label: t.reservation, cell: (row) => row.reservation_number ?? '—' }}
        detail={(id, close, changed) => <ContactDetail key={id} id={id} onClose={close} onChanged={changed} />}
      />
    );
  }
  return (
    <InquiryList<BrandInquiry>
      kind="brand"
      page={page}
      search={urlParsed.search}
      api={API}
      column={{ label: t.company, cellClass: 'admin-table__wide', cell: (row) => row.company_name }}
      detail={(id, close, changed) => <Detail key={id} id={id} onClose={close} onChanged={changed} />}
    />
  );
}
