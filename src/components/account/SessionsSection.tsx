// The signed-in places of either door's account (/account, /brand/account): this device first, then the others by
// last use, and "sign out everywhere else" after a confirmation (DELETE `{api}/account/sessions`, then a reload with
// a notice).
import { useState } from 'react';
import { Modal } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { api as call } from '#src/lib/isomorphic/api-client';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import type { AccountSessionsJson } from '#src/modules/users/account.schemas';
import type { AccountSectionProps } from './account-section';
import { AccountSection } from './AccountSection';

const t = ja.account;

export function SessionsSection({ api, intercept, sessions }: AccountSectionProps & { sessions: AccountSessionsJson['sessions'] }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current).length;
  async function signOutOthers() {
    setBusy(true);
    setError(null);
    try {
      const result = await call<{ signed_out: number }>(`${api}/account/sessions`, { method: 'DELETE' });
      await reloadPage(t.signedOutOthers(result.signed_out));
    } catch (e) {
      if (intercept?.(e)) return;
      setError(e instanceof Error ? e.message : ja.common.unexpectedError);
      setBusy(false);
      setConfirming(false);
    }
  }
  return (
    <AccountSection id="account-sessions" heading={t.sessionsHeading} lead={t.sessionsLead}>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <ul className="account-sessions" data-testid="account-sessions">
        {sessions.map((s) => (
          <li key={s.id} className="account-sessions__item">
            <span className="account-sessions__device">
              {s.device ?? t.unknownDevice}
              {s.current && <span className="account-sessions__badge">{t.thisDevice}</span>}
            </span>
            <span className="muted account-sessions__times">
              {s.signed_in_at && <span>{t.signedInAt(formatInstantDateTimeJa(s.signed_in_at))}</span>}
              {s.last_seen_at && <span>{t.lastSeenAt(formatInstantDateTimeJa(s.last_seen_at))}</span>}
            </span>
          </li>
        ))}
      </ul>
      {others === 0 ? (
        <p className="muted">{t.noOtherSessions}</p>
      ) : (
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="sign-out-others">
          {t.signOutOthers}
        </button>
      )}
      {confirming && (
        <Modal
          title={t.signOutOthers}
          onClose={() => setConfirming(false)}
          onConfirm={signOutOthers}
          confirmLabel={t.signOutOthers}
          danger
          busy={busy}
        >
          <p>{t.signOutOthersConfirm}</p>
        </Modal>
      )}
    </AccountSection>
  );
}
