// /brand/password_reset_send_mail_complete (unguarded): the same words whether or not the address exists.
import { CompletionPanel } from '#src/components/form';
import * as ja from '#src/i18n/ja';

const t = ja.brandPortalPages;

export default function Page() {
  return (
    <CompletionPanel
      completed
      title={t.resetMail.completeTitle}
      body={t.resetMail.completeBody}
      actions={
        <>
          <a href="/brand/sign_in" className="button">
            {t.toSignIn}
          </a>{' '}
          <a href="/brand/password_reset_send_mail" className="button button--ghost">
            {t.resetMail.again}
          </a>
        </>
      }
    />
  );
}
