// The notice that the signed-in user's address is not verified yet, with a button that mails a new link
// (POST /api/v1/email_verification/resend, limited on the server). Shown on /account and the booking form. Its
// texts come from the page (the booking form gets them with its data, so its first-load JavaScript stays small).
import { useState } from 'react';
import { busyControl } from '#src/components/form/busy-control';
import { LiveRegion } from '#src/components/LiveRegion';
import * as ja from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import './account-sections.css';

export interface VerifyEmailTexts {
  message: string;
  resend: string;
  /** Shown once a new link is on its way. */
  resent: string;
}

export function VerifyEmailNotice({ texts }: { texts: VerifyEmailTexts }) {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  async function resend() {
    setBusy(true);
    setAnswer(null);
    try {
      await api('/api/v1/email_verification/resend', { method: 'POST' });
      setAnswer({ ok: true, text: texts.resent });
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof ApiError ? error.all().join(' ') : ja.common.unexpectedError });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="alert alert--info verify-email" data-testid="verify-email-notice">
      <p className="verify-email__text">{texts.message}</p>
      <button
        type="button"
        className="button button--ghost verify-email__button"
        {...busyControl(busy, { onClick: () => void resend() })}
        data-testid="resend-verification"
      >
        {texts.resend}
      </button>
      <LiveRegion>
        {answer && (
          <p className={answer.ok ? 'verify-email__sent' : 'verify-email__error'} data-testid="resend-answer">
            {answer.text}
          </p>
        )}
      </LiveRegion>
    </div>
  );
}
