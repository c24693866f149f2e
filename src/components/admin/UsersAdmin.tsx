// /admin/users: every account, newest first in numbered pages (GET /api/v1/admin/users: the keyword over name, e-mail
// or id, the role and 退会済み, in the URL and the page links like every admin list), each with 退会させる: the dialog
// shows who they are and what keeps them from leaving (GET /api/v1/admin/users/{id}/leave); forcing past those
// reasons needs a reason, which the audit log keeps (POST /api/v1/admin/users/{id}/leave). An account that has left
// shows 退会済み instead.
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { ApiError, api } from '#src/lib/isomorphic/api-client';
import { Field, FormErrors, Modal } from '#src/components/form';
import type { AdminLeavePreviewJson } from '#src/modules/users/leaving.schemas';
import { HARD_BLOCKERS, LEAVE_REASON_MAX } from '#src/modules/users/leaving.schemas';
import { ADMIN_USER_FILTER_NAMES, type AdminUserListItem, type AdminUserListResponse } from '#src/modules/users/admin-users.schemas';
import { USER_ROLES } from '#src/modules/users/users.schemas';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable } from './CardTable';
import { type FilterField, filtersOf, ListFilters, withPage } from './ListFilters';
import { LoadError } from './ListStatus';
import { ActionNotice, type Notice } from './useAction';
import { firstMessage, useLoad } from './useLoad';

const t = ja.leaving;
const a = ja.adminPages;
const PAGE = '/admin/users';

const FIELDS: FilterField[] = [
  { kind: 'keyword', placeholder: t.adminSearchPlaceholder },
  { kind: 'select', name: 'role', label: t.adminRole, options: USER_ROLES.map((role) => ({ value: role, label: ja.roles[role] })) },
  {
    kind: 'select',
    name: 'left',
    label: t.adminLeft,
    options: [
      { value: 'false', label: t.adminLeftFalse },
      { value: 'true', label: t.adminLeftTrue },
    ],
  },
];

export function UsersAdmin() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const filters = filtersOf(urlParsed.search, ADMIN_USER_FILTER_NAMES);
  const load = useLoad<AdminUserListResponse>(`/api/v1/admin/users?${withPage(filters, page)}`);
  const data = load.state === 'ok' ? load.data : null;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [chosen, setChosen] = useState<AdminLeavePreviewJson | null>(null);

  async function choose(user: AdminUserListItem) {
    setNotice(null);
    setChosen(await api<AdminLeavePreviewJson>(`/api/v1/admin/users/${user.id}/leave`));
  }

  return (
    <div data-testid="admin-users">
      <div className="admin-head">
        <h1>{t.adminTitle}</h1>
      </div>
      <p className="admin-lead">{t.adminLead}</p>
      <ActionNotice notice={notice} testId="admin-leave-notice" />
      <ListFilters action={PAGE} fields={FIELDS} search={urlParsed.search} meta={data?.meta ?? null} label={t.adminFiltersLabel} />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <CardTable<AdminUserListItem>
        testId="admin-user-results"
        status={load.state}
        rows={data?.users ?? []}
        rowKey={(u) => u.id}
        rowTestId={(u) => `user-${u.id}`}
        columns={[
          { label: a.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (u) => u.id },
          { label: t.adminName, cellClass: 'admin-table__wide', cell: (u) => u.name },
          { label: t.adminEmail, cell: (u) => u.email },
          { label: t.adminRole, cell: (u) => ja.roles[u.role] },
          { label: t.adminCreatedAt, cell: (u) => a.date(u.created_at) },
          {
            label: t.adminLeft,
            cell: (u) =>
              u.left_at ? <span className="badge badge--muted">{t.adminLeftBadge}</span> : <span className="admin-muted">—</span>,
          },
        ]}
        actions={{
          label: a.actions,
          cell: (u) => (
            <>
              {/* A departed account's address is erased: its reservations are found by their number instead. */}
              {!u.left_at && (
                <a className="button button--small button--ghost" href={`/admin/reservations?q=${encodeURIComponent(u.email)}`}>
                  {t.adminReservations}
                </a>
              )}
              {!u.left_at && (
                <button
                  type="button"
                  className="button button--small button--danger"
                  onClick={() => void choose(u)}
                  data-testid={`leave-user-${u.id}`}
                >
                  {t.adminLeaveButton}
                </button>
              )}
            </>
          ),
        }}
      />
      <AdminPagination
        page={data?.meta.current_page ?? page}
        totalPages={data?.meta.total_pages ?? 1}
        href={(p) => `${PAGE}?${withPage(filters, p)}`}
      />
      {chosen && (
        <LeaveDialog
          preview={chosen}
          onClose={() => setChosen(null)}
          onDone={(name) => {
            setChosen(null);
            setNotice({ kind: 'success', text: t.adminDone(name) });
            load.reload();
          }}
        />
      )}
    </div>
  );
}

function LeaveDialog(props: { preview: AdminLeavePreviewJson; onClose: () => void; onDone: (name: string) => void }) {
  const { user, blockers } = props.preview;
  const [force, setForce] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const blocked = blockers.length > 0;
  // A reason forcing cannot pass (the last administrator): no force, no confirm.
  const forcible = !blockers.some((b) => HARD_BLOCKERS.includes(b.code));

  async function confirm() {
    setBusy(true);
    setErrors({});
    try {
      await api(`/api/v1/admin/users/${user.id}/leave`, { method: 'POST', body: { force, reason } });
      props.onDone(user.name);
    } catch (e) {
      setErrors(e instanceof ApiError ? { base: e.all() } : { base: [ja.common.unexpectedError] });
      setBusy(false);
    }
  }

  if (user.left_at) {
    return (
      <Modal title={t.adminConfirmTitle(user.name)} onClose={props.onClose}>
        <p>{t.alreadyLeft}</p>
      </Modal>
    );
  }
  return (
    <Modal
      title={t.adminConfirmTitle(user.name)}
      onClose={props.onClose}
      onConfirm={blocked && !(force && forcible) ? undefined : confirm}
      confirmLabel={t.adminLeaveButton}
      danger
      busy={busy}
    >
      <p data-testid="admin-leave-who">
        #{user.id} {user.name}（{user.email}）
      </p>
      <FormErrors messages={errors} />
      {blocked && (
        <div className="alert alert--error" data-testid="admin-leave-blockers">
          <p>{t.blockedHeading}</p>
          <ul>
            {blockers.map((b) => (
              <li key={b.code}>{b.message}</li>
            ))}
          </ul>
        </div>
      )}
      {blocked && forcible && (
        <label className="admin-leave__force">
          <input type="checkbox" checked={force} onChange={(e) => setForce(e.target.checked)} data-testid="admin-leave-force" />
          <span>
            <strong>{t.adminForce}</strong>
            <span className="muted admin-leave__hint">{t.adminForceHint}</span>
          </span>
        </label>
      )}
      <Field name="reason" label={t.adminReason} hint={t.adminReasonHint} required={force} max={LEAVE_REASON_MAX} value={reason}>
        {(control) => <textarea className="input" rows={3} {...control} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
    </Modal>
  );
}
