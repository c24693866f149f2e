// /password_reset/complete: the new password is set; sign in with it.
import { CompletionPanel } from '#src/components/form';
import * as ja from '#src/i18n/ja';

const t = ja.details.reset;

export default function Page() {
  return (
    <CompletionPanel
      completed
      title={t.doneTitle}
      body={t.doneBody}
      actions={
        <a href="/logon" className="button">
          {t.toLogon}
        </a>
      }
    />
  );
}
