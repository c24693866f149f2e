// https://vike.dev/Page — /email_change/confirm?token=… (no sign-in needed): the new address takes effect when the
// button is pressed (POST /api/v1/email_changes/confirm), for a marketplace user or a brand member alike.
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { MailedLinkPage } from '#src/components/account/MailedLinkPage';
import type { EmailChangeDoneJson } from '#src/modules/email-changes/email-changes.schemas';
import type { Data } from './+data';

const t = ja.emailChange;

export default function Page() {
  const { token, newEmail } = useData<Data>();
  return (
    <MailedLinkPage<EmailChangeDoneJson>
      lead={newEmail === null ? null : t.confirmLead(newEmail)}
      title={t.confirmTitle}
      invalidTitle={t.confirmTitle}
      invalidBody={t.linkInvalid}
      button={t.confirmButton}
      path="/api/v1/email_changes/confirm"
      token={token}
      done={(answer) => ({
        body: t.confirmed(answer.email),
        actions: (
          <a className="button" href={answer.door === 'brand' ? '/brand/account' : '/account'}>
            {t.toSettings}
          </a>
        ),
      })}
    />
  );
}
