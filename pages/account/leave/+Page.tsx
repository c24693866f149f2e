// https://vike.dev/Page — /account/leave (退会の手続き): the confirmation screen. It lists what leaving does, and
// either the reasons the account cannot leave now or the form (current password, a checkbox). After leaving the
// session has ended, so the completion is shown in place rather than on a page of its own.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { CompletionPanel, Field, FormErrors, useForm } from '#src/components/form';
import { leaveSchema } from '#src/modules/users/leaving.schemas';
import type { Data } from './+data';
import '#pages/account/account.css';
import * as ja from '#src/i18n/ja';

const t = ja.leaving;

export default function Page() {
  const { blockers } = useData<Data>();
  const [done, setDone] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const form = useForm<{ password: string; understood: boolean }>({
    schema: leaveSchema,
    path: '/api/v1/account/leave',
    toValues: (data) => ({ password: String(data.get('password') ?? ''), understood }),
    body: ({ password }) => ({ password }),
    check: (values): Record<string, string[]> => (values.understood ? {} : { understood: [t.understoodRequired] }),
    onSuccess: () => setDone(true),
  });
  if (done) {
    return (
      <CompletionPanel
        completed
        title={t.doneTitle}
        body={t.doneText}
        testId="leave-done"
        actions={
          <a className="button" href="/">
            {t.doneLink}
          </a>
        }
      />
    );
  }
  return (
    <div className="page page--narrow account-page">
      <h1 className="page__title">{t.title}</h1>
      <p className="muted">{t.lead}</p>
      <section className="panel account-page__section" aria-labelledby="leave-what">
        <h2 id="leave-what" className="account-page__heading">
          {t.whatHappensHeading}
        </h2>
        <ul className="account-page__required" data-testid="leave-what-happens">
          {t.whatHappens.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {blockers.length > 0 ? (
        <section className="panel account-page__section" aria-labelledby="leave-blocked" data-testid="leave-blocked">
          <h2 id="leave-blocked" className="account-page__heading">
            {t.blockedHeading}
          </h2>
          <div className="alert alert--error" role="alert">
            <p>{t.blockedLead}</p>
            <ul>
              {blockers.map((b) => (
                <li key={b.code}>{b.message}</li>
              ))}
            </ul>
          </div>
          <a className="button button--ghost" href="/account">
            {t.backToAccount}
          </a>
        </section>
      ) : (
        <section className="panel account-page__section" aria-labelledby="leave-form">
          <h2 id="leave-form" className="account-page__heading">
            {t.confirmTitle}
          </h2>
          <p className="muted">{t.confirmText}</p>
          <FormErrors messages={form.errors} />
          <form {...form.formProps}>
            <Field name="password" label={t.password} hint={t.passwordHint} required messages={form.messages('password')}>
              {(control) => <input className="input" type="password" autoComplete="current-password" {...control} />}
            </Field>
            <div>
              <label className="account-page__check">
                <input
                  type="checkbox"
                  name="understood"
                  checked={understood}
                  onChange={(e) => setUnderstood(e.target.checked)}
                  aria-invalid={form.messages('understood') ? true : undefined}
                />
                <span>{t.understood}</span>
              </label>
              {form.messages('understood')?.map((m) => (
                <p key={m} className="field__error" role="alert">
                  {m}
                </p>
              ))}
            </div>
            <div className="account-page__actions">
              <button type="submit" className="button button--danger" {...form.submitProps} data-testid="leave-submit">
                {t.submit}
              </button>
              <a className="button button--ghost" href="/account">
                {t.backToAccount}
              </a>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
