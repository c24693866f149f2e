// https://vike.dev/Page — /email_change/undo?token=… (no sign-in needed): cancels a pending change, or restores the
// old address after a completed one (every session ends; the password must be reset), when the button is pressed.
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { MailedLinkPage } from '#src/components/account/MailedLinkPage';
import type { EmailChangeDoneJson } from '#src/modules/email-changes/email-changes.schemas';
import type { Data } from './+data';

const t = ja.emailChange;

export default function Page() {
  const { token, link } = useData<Data>();
  const lead = !link
    ? null
    : link.action === 'cancel'
      ? t.undoPendingLead(link.new_email)
      : t.undoConfirmedLead(link.old_email, link.new_email);
  return (
    <MailedLinkPage<EmailChangeDoneJson>
      lead={lead}
      title={t.undoTitle}
      invalidTitle={t.undoTitle}
      invalidBody={t.linkInvalid}
      button={t.undoButton}
      path="/api/v1/email_changes/undo"
      token={token}
      done={(answer) =>
        answer.action === 'cancel'
          ? { body: t.cancelled, actions: null }
          : {
              body: t.undone(answer.email),
              actions: (
                <a className="button" href={answer.door === 'brand' ? '/brand/password_reset_send_mail' : '/password_reset/new'}>
                  {t.resetPassword}
                </a>
              ),
            }
      }
    />
  );
}
