// /brand/password_reset_send_mail: ask for a reset link; the same completion whether or not the address exists.
import { ResetRequestForm } from '#src/components/form/PasswordResetForms';
import * as ja from '#src/i18n/ja';
import { passwordResetRequestSchema } from '#src/modules/brand-members/brand-members.schemas';

const t = ja.brandPortalPages;

export default function Page() {
  return (
    <section className="panel brand-auth">
      <h1>{t.resetMail.title}</h1>
      <p className="muted">{t.resetMail.lead}</p>
      <ResetRequestForm
        schema={passwordResetRequestSchema}
        path="/brand/api/v1/brand-members/password"
        next="/brand/password_reset_send_mail_complete"
        submit={t.resetMail.submit}
      />
      <p className="brand-auth__links">
        <a href="/brand/sign_in">{t.toSignIn}</a>
      </p>
    </section>
  );
}
