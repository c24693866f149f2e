// /password_reset/new: ask for a reset link; the same next page whether or not the address exists.
import { ResetRequestForm } from '#src/components/form/PasswordResetForms';
import * as ja from '#src/i18n/ja';
import { userPasswordResetRequestSchema } from '#src/modules/users/users.schemas';
import '#pages/logon/logon.css';

const t = ja.details;

export default function Page() {
  return (
    <section className="page page--narrow logon">
      <div className="panel logon__panel">
        <h1 className="logon__title">{t.resetRequest.title}</h1>
        <p className="muted">{t.resetRequest.lead}</p>
        <ResetRequestForm
          schema={userPasswordResetRequestSchema}
          path="/api/v1/password_resets"
          next="/password_reset/sent"
          submit={t.resetRequest.submit}
        />
        <p className="logon__links">
          <a href="/logon">{t.resetRequest.backToLogon}</a>
        </p>
      </div>
    </section>
  );
}
