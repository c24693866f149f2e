// /brand/password_reset_complete (unguarded).
import { CompletionPanel } from '#src/components/form';
import * as ja from '#src/i18n/ja';

const t = ja.brandPortalPages;

export default function Page() {
  return (
    <CompletionPanel
      completed
      title={t.reset.completeTitle}
      body={t.reset.completeBody}
      actions={
        <a href="/brand/sign_in" className="button">
          {t.toSignIn}
        </a>
      }
    />
  );
}
