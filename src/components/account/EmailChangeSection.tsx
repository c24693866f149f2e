// The e-mail change form of both settings pages (/account and /brand/account): the new address and the current
// password, posted to the door's API (`path`); the pending change, if any, is shown above the form. After a request
// the page reloads with the notice that the confirmation mail was sent.
import { useState, type ReactNode } from 'react';
import * as ja from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { busyControl, Field, FormErrors, useForm } from '#src/components/form';
import { emailChangeRequestSchema, type EmailStatusJson } from '#src/modules/email-changes/email-changes.schemas';
import './account-sections.css';

const t = ja.emailChange;

/** The change waiting for its confirmation link, with a button that cancels it (DELETE on the door's path). */
function PendingChange({ path, text }: { path: string; text: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await api(path, { method: 'DELETE' });
      await reloadPage(t.pendingCancelled);
    } catch (e) {
      setError(e instanceof ApiError ? e.all().join(' ') : ja.common.unexpectedError);
      setBusy(false);
    }
  }
  return (
    <div className="alert alert--info verify-email" data-testid="email-change-pending">
      <p className="verify-email__text">{text}</p>
      <button
        type="button"
        className="button button--ghost"
        {...busyControl(busy, { onClick: () => void cancel() })}
        data-testid="cancel-email-change"
      >
        {t.cancelPending}
      </button>
      {error && (
        <p className="verify-email__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function EmailChangeSection({ path, status, children }: { path: string; status: EmailStatusJson; children?: ReactNode }) {
  const form = useForm<Record<string, string>>({
    schema: emailChangeRequestSchema,
    path,
    method: 'POST',
    toValues: (data) => ({ email: String(data.get('email') ?? ''), current_password: String(data.get('current_password') ?? '') }),
    onSuccess: (_answer, values) => reloadPage(t.requested(String(values.email).trim().toLowerCase())),
  });
  return (
    <section className="panel account-section" aria-labelledby="account-email" data-testid="email-change-section">
      <h2 id="account-email" className="account-section__heading">
        {t.heading}
      </h2>
      <p className="account-section__current">{t.currentEmail(status.email)}</p>
      {children}
      {status.pending && (
        <PendingChange path={path} text={t.pending(status.pending.email, formatInstantDateTimeJa(status.pending.expires_at))} />
      )}
      <p className="muted">{t.lead}</p>
      <FormErrors messages={form.errors} />
      <form {...form.formProps}>
        <Field name="email" label={t.newEmail} required messages={form.messages('email')}>
          {(control) => <input className="input" type="email" autoComplete="email" inputMode="email" {...control} />}
        </Field>
        <Field name="current_password" label={t.currentPassword} required messages={form.messages('current_password')}>
          {(control) => <input className="input" type="password" autoComplete="current-password" {...control} />}
        </Field>
        <button type="submit" className="button" {...form.submitProps} data-testid="change-email">
          {t.submit}
        </button>
      </form>
    </section>
  );
}
