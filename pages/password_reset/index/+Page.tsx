// /password_reset?reset_password_token=… (issue 15): the new password. A missing, unknown, used or expired token
// shows a Japanese page with a way to ask for a new mail (the server answers 422 on reset_password_token).
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { goTo } from '#src/lib/browser-navigation';
import { CompletionPanel, Field, FormErrors, useForm } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { ApiError } from '#src/lib/api-client';
import { userPasswordResetSchema } from '#src/modules/users/users.schemas';
import '#pages/logon/logon.css';

const t = ja.s15b.reset;

export default function Page() {
  const token = usePageContext().urlParsed.search.reset_password_token ?? '';
  const [invalid, setInvalid] = useState(token === '');
  const form = useForm<{ reset_password_token: string; password: string }>({
    schema: userPasswordResetSchema,
    path: '/api/v1/password_resets',
    method: 'PUT',
    toValues: (data) => ({ reset_password_token: token, password: String(data.get('password') ?? '') }),
    onSuccess: () => goTo('/password_reset/complete'),
    onError: (error) => {
      if (error instanceof ApiError && error.messages.reset_password_token?.length) {
        setInvalid(true);
        return true;
      }
      return false;
    },
  });
  if (invalid)
    return (
      <CompletionPanel
        completed={false}
        title={t.invalidTitle}
        expiredTitle={t.invalidTitle}
        expiredBody={t.invalidBody}
        testId="invalid-link"
        actions={
          <a href="/password_reset/new" className="button">
            {t.requestAgain}
          </a>
        }
      />
    );
  return (
    <section className="page page--narrow logon">
      <div className="panel logon__panel">
        <h1 className="logon__title">{t.title}</h1>
        <p className="muted">{t.lead}</p>
        <FormErrors messages={form.errors} />
        <form className="form" {...form.formProps}>
          <Field name="password" label={t.password} hint={ja.auth.passwordHint} messages={form.messages('password')}>
            {(control) => <input className="input" {...control} type="password" autoComplete="new-password" />}
          </Field>
          <button type="submit" className="button button--block" disabled={form.submitting || !form.ready}>
            {t.submit}
          </button>
        </form>
      </div>
    </section>
  );
}
