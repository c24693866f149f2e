// The test gateway's stand-in for the card issuer's 3-D Secure page: a modal only its own buttons close.
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import { LiveRegion } from '#src/components/LiveRegion';
import { api } from '#src/lib/isomorphic/api-client';
import { ModalLater } from './ModalLater';
import type { ReservationActionRequired } from '#src/modules/reservations/reservations.schemas';

export function TestAuthentication({ action, onDone }: { action: ReservationActionRequired; onDone(): void }) {
  const [busy, setBusy] = useState(false);
  async function decide(result: 'success' | 'failure') {
    setBusy(true);
    try {
      await api(action.next_action_url ?? '', { method: 'POST', body: { client_secret: action.client_secret, result } });
    } catch (error) {
      console.error('test authentication failed', error);
    }
    onDone();
  }
  return (
    <ModalLater
      title={ja.payments.authTitle}
      onClose={() => {}}
      dismissible={false}
      hideActions
      className="test-auth"
      testId="test-authentication"
    >
      <span className="badge card-fields__badge">{ja.payments.testMode}</span>
      <p>{ja.payments.authLead}</p>
      <LiveRegion>{busy && <span className="visually-hidden">{ja.payments.authenticating}</span>}</LiveRegion>
      {busy ? (
        <div className="spinner" aria-hidden="true" />
      ) : (
        <div className="test-auth__actions">
          <button type="button" className="button" onClick={() => decide('success')}>
            {ja.payments.authApprove}
          </button>
          <button type="button" className="button button--ghost" onClick={() => decide('failure')}>
            {ja.payments.authFail}
          </button>
        </div>
      )}
    </ModalLater>
  );
}
