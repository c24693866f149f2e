// /admin/users: find a user (GET /api/v1/users?q=, the admin user search) and make them leave (退会): the dialog
// shows who they are and what keeps them from leaving (GET /api/v1/admin/users/{id}/leave); forcing past those
// reasons needs a reason, which the audit log keeps (POST /api/v1/admin/users/{id}/leave).
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import { ApiError, api } from '#src/lib/isomorphic/api-client';
import { Field, FormErrors, Modal } from '#src/components/form';
import type { AdminLeavePreviewJson } from '#src/modules/users/leaving.schemas';
import { HARD_BLOCKERS, LEAVE_REASON_MAX } from '#src/modules/users/leaving.schemas';
import { USER_SEARCH_LIMIT } from '#src/modules/users/user-search.schemas';
import { CardTable } from './CardTable';
import { ActionNotice, type Notice } from './useAction';

const t = ja.leaving;

interface FoundUser {
  id: number;
  name: string;
}

export function UsersLeaveAdmin() {
  const [q, setQ] = useState('');
  const [users, setUsers] = useState<FoundUser[] | null>(null);
  const [status, setStatus] = useState<'ok' | 'loading'>('ok');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [chosen, setChosen] = useState<AdminLeavePreviewJson | null>(null);

  async function search(event: React.FormEvent) {
    event.preventDefault();
    setStatus('loading');
    const found = await api<{ users: FoundUser[] }>(`/api/v1/users?q=${encodeURIComponent(q.trim())}`).catch(() => ({ users: [] }));
    setUsers(found.users);
    setStatus('ok');
  }

  async function choose(user: FoundUser) {
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
      <form className="admin-filters" onSubmit={search}>
        <label className="admin-filters__field admin-filters__field--wide">
          {t.adminSearch}
          <input className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t.adminSearchPlaceholder} />
        </label>
        <div className="admin-filters__actions">
          <button type="submit" className="button" data-testid="admin-user-search">
            {t.adminSearch}
          </button>
        </div>
      </form>
      {users && (
        <CardTable
          testId="admin-user-results"
          status={status}
          rows={users}
          rowKey={(u) => u.id}
          columns={[
            { label: 'ID', cell: (u) => u.id },
            { label: t.adminName, cell: (u) => u.name },
          ]}
          actions={{
            label: t.adminLeaveButton,
            cell: (u) => (
              <button
                type="button"
                className="button button--small button--danger"
                onClick={() => void choose(u)}
                data-testid={`leave-user-${u.id}`}
              >
                {t.adminLeaveButton}
              </button>
            ),
          }}
        />
      )}
      {users?.length === 0 && <p className="muted">{t.adminNoResults}</p>}
      {users?.length === USER_SEARCH_LIMIT && (
        <p className="muted" data-testid="admin-user-more">
          {t.adminMoreResults(USER_SEARCH_LIMIT)}
        </p>
      )}
      {chosen && (
        <LeaveDialog
          preview={chosen}
          onClose={() => setChosen(null)}
          onDone={(name) => {
            setChosen(null);
            setNotice({ kind: 'success', text: t.adminDone(name) });
            setUsers((list) => list?.map((u) => (u.id === chosen.user.id ? { ...u, name: t.leftUserName } : u)) ?? null);
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
