// The audit trail of one entry (who, what, when, before/after), newest first: GET /api/v1/admin/audit.
import * as ja from '#src/i18n/ja';
import type { AuditEntityType, AuditEntry } from '#src/modules/audit/audit.schemas';
import { LoadError } from './ListStatus';
import { listOf, useLoad } from './useLoad';

const t = ja.adminPages;

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return field === 'published' ? (value ? t.published : t.unpublished) : value ? t.audit.yes : t.audit.no;
  if (Array.isArray(value)) return t.audit.items(value.length);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Where each field is listed: the order of its name in the field names (the forms' order); others after, as stored. */
const FIELD_ORDER = new Map(Object.keys(t.audit.fields).map((field, i) => [field, i]));
const orderOf = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;

/**
 * The fields whose value differs between before and after (all of after for a creation), in the forms' order: the
 * stored entry's keys come in PostgreSQL's jsonb order (shortest key first), which reads as no order at all.
 */
function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys].filter((key) => JSON.stringify(before?.[key]) !== JSON.stringify(after?.[key])).sort((a, b) => orderOf(a) - orderOf(b));
}

/** What one entry changed, field by field (before → after; after alone for a creation), in the forms' order. */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const fields = changedFields(entry.before, entry.after);
  if (fields.length === 0) return null;
  return (
    <ul className="admin-audit__changes">
      {fields.map((field) => (
        <li key={field}>
          {t.audit.fields[field] ?? field}: {entry.before ? `${show(field, entry.before[field])} → ` : ''}
          {show(field, entry.after?.[field])}
        </li>
      ))}
    </ul>
  );
}

export function AuditTrail({ entity, id }: { entity: AuditEntityType; id: number }) {
  const load = useLoad<unknown>(`/api/v1/admin/audit?entity=${entity}&id=${id}`);
  const entries = load.state === 'ok' ? listOf<AuditEntry>(load.data, 'entries') : [];
  const actions = ja.adminApi.audit.actions as Record<string, string>;
  return (
    <section className="admin-section panel" aria-labelledby="audit-title">
      <h2 id="audit-title">{t.audit.title}</h2>
      {load.state === 'loading' && <p className="admin-audit__meta">{t.loading}</p>}
      {load.state === 'error' && <LoadError message={t.fetchFailed} onRetry={load.reload} />}
      {load.state === 'ok' && entries.length === 0 && <p className="admin-audit__meta">{t.audit.empty}</p>}
      <ol className="admin-audit" data-testid="audit-trail">
        {entries.map((entry) => (
          <li key={entry.id} className="admin-audit__item">
            <p className="admin-audit__meta">
              {t.dateTime(entry.created_at)}・{entry.actor_name ?? entry.actor ?? t.audit.unknownActor}・
              <strong>{actions[entry.action] ?? entry.action}</strong>
            </p>
            <AuditChanges entry={entry} />
          </li>
        ))}
      </ol>
    </section>
  );
}
