// /password_reset/sent: the same words whether or not the address has an account.
import { CompletionPanel } from '#src/components/form';
import * as ja from '#src/i18n/ja';

const t = ja.details;

export default function Page() {
  return (
    <CompletionPanel
      completed
      title={t.resetSent.title}
      body={t.resetSent.body}
      actions={
        <>
          <a href="/logon" className="button">
            {t.resetRequest.backToLogon}
          </a>{' '}
          <a href="/password_reset/new" className="button button--ghost">
            {t.resetSent.again}
          </a>
        </>
      }
    />
  );
}
