// /password_reset?reset_password_token=…: the new password. A missing, unknown, used or expired token
// shows a Japanese page with a way to ask for a new mail: checked on the server before the form is shown (+data.ts),
// and again when the password is sent (a 422 on reset_password_token, e.g. the link used in another tab meanwhile).
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { CompletionPanel } from '#src/components/form';
import { NewPasswordForm } from '#src/components/form/PasswordResetForms';
import * as ja from '#src/i18n/ja';
import { userPasswordResetSchema } from '#src/modules/users/users.schemas';
import type { Data } from './+data';
import '#pages/logon/logon.css';

const t = ja.details.reset;

export default function Page() {
  const { valid, token } = useData<Data>();
  const [invalid, setInvalid] = useState(!valid);
  if (invalid)
    return (
      <CompletionPanel
        completed={false}
        title={t.invalidTitle}
        body={t.invalidBody}
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
        <NewPasswordForm
          schema={userPasswordResetSchema}
          path="/api/v1/password_resets"
          token={token}
          next="/password_reset/complete"
          label={t.password}
          submit={t.submit}
          onInvalid={() => setInvalid(true)}
        />
      </div>
    </section>
  );
}
