// /brand/member_registration_complete (unguarded): after the first password.
import { CompletionPanel } from '#src/components/form';
import * as ja from '#src/i18n/ja';

const t = ja.brandPortalPages;

export default function Page() {
  return (
    <CompletionPanel
      completed
      title={t.invitation.completeTitle}
      body={t.invitation.completeBody}
      actions={
        <a href="/brand/sign_in" className="button">
          {t.toSignIn}
        </a>
      }
    />
  );
}
