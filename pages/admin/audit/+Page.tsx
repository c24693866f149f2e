// /admin/audit: the whole audit log (numbered pages, newest first; the entity kind and the days live in the URL and the
// page links), each entry with who, what, when and the fields it changed (`AuditChanges`, the trails' own lines).
import { usePageContext } from 'vike-react/usePageContext';
import { AdminPagination, pageFromSearch } from '#src/components/admin/AdminPagination';
import { AuditChanges } from '#src/components/admin/AuditTrail';
import { CardTable } from '#src/components/admin/CardTable';
import { type FilterField, filtersOf, ListFilters, withPage } from '#src/components/admin/ListFilters';
import { LoadError } from '#src/components/admin/ListStatus';
import { firstMessage, useLoad } from '#src/components/admin/useLoad';
import * as ja from '#src/i18n/ja';
import { AUDIT_ENTITY_TYPES, AUDIT_LOG_FILTER_NAMES, type AuditEntry, type AuditLogListResponse } from '#src/modules/audit/audit.schemas';

const t = ja.adminAudit;
const a = ja.adminPages;
const f = ja.lists;
const PAGE = '/admin/audit';
const actions = ja.adminApi.audit.actions as Record<string, string>;

const FIELDS: FilterField[] = [
  { kind: 'select', name: 'entity', label: t.entity, options: AUDIT_ENTITY_TYPES.map((e) => ({ value: e, label: t.entities[e] })) },
  { kind: 'date', name: 'since', label: f.since },
  { kind: 'date', name: 'until', label: f.until },
];

export default function Page() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const filters = filtersOf(urlParsed.search, AUDIT_LOG_FILTER_NAMES);
  const load = useLoad<AuditLogListResponse>(`/api/v1/admin/audit-log?${withPage(filters, page)}`);
  const data = load.state === 'ok' ? load.data : null;
  return (
    <section>
      <div className="admin-head">
        <h1>{t.title}</h1>
      </div>
      <p className="admin-lead">{t.lead}</p>
      <ListFilters action={PAGE} fields={FIELDS} search={urlParsed.search} meta={data?.meta ?? null} label={t.filtersLabel} />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <CardTable<AuditEntry>
        testId="audit-log-table"
        rowKey={(entry) => entry.id}
        rowTestId={(entry) => `audit-${entry.id}`}
        status={load.state}
        columns={[
          { label: t.at, cell: (entry) => a.dateTime(entry.created_at) },
          { label: t.actor, cell: (entry) => entry.actor_name ?? entry.actor },
          { label: t.target, cell: (entry) => t.targetOf(t.entities[entry.entity_type], entry.entity_id) },
          { label: t.action, cell: (entry) => actions[entry.action] ?? entry.action },
          { label: t.changes, cellClass: 'admin-table__wide', cell: (entry) => <AuditChanges entry={entry} /> },
        ]}
        rows={data?.entries ?? []}
      />
      <AdminPagination
        page={data?.meta.current_page ?? page}
        totalPages={data?.meta.total_pages ?? 1}
        href={(p) => `${PAGE}?${withPage(filters, p)}`}
      />
    </section>
  );
}
