// /brand/password_reset?reset_password_token=…: the new password. A missing, unknown, used or expired token shows
// a Japanese page with a way to ask for a new mail: checked on the server before the form is shown (+data.ts), and
// again when the password is sent (a 422 on reset_password_token, e.g. the link used in another tab meanwhile).
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { InvalidLink } from '#src/components/brand/InvalidLink';
import { NewPasswordForm } from '#src/components/form/PasswordResetForms';
import * as ja from '#src/i18n/ja';
import { passwordResetSchema } from '#src/modules/brand-members/brand-members.schemas';
import type { Data } from './+data';

const t = ja.brandPortalPages;

export default function Page() {
  const { valid, token } = useData<Data>();
  const [invalid, setInvalid] = useState(!valid);
  if (invalid)
    return (
      <InvalidLink
        title={t.reset.invalidTitle}
        body={t.reset.invalidBody}
        action={t.reset.requestAgain}
        href="/brand/password_reset_send_mail"
      />
    );
  return (
    <section className="panel brand-auth">
      <h1>{t.reset.title}</h1>
      <p className="muted">{t.reset.lead}</p>
      <NewPasswordForm
        schema={passwordResetSchema}
        path="/brand/api/v1/brand-members/password"
        token={token}
        next="/brand/password_reset_complete"
        label={t.reset.password}
        submit={t.reset.submit}
        onInvalid={() => setInvalid(true)}
      />
    </section>
  );
}
