// https://vike.dev/Page — /email_verification?token=… (no sign-in needed): the sign-up address is verified when the
// button is pressed (POST /api/v1/email_verification); from then on the account can book.
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { MailedLinkPage } from '#src/components/account/MailedLinkPage';
import type { Data } from './+data';

const t = ja.emailVerification;

export default function Page() {
  const { valid, token } = useData<Data>();
  return (
    <MailedLinkPage<{ verified: true }>
      lead={valid ? t.lead : null}
      title={t.title}
      invalidTitle={t.title}
      invalidBody={t.linkInvalid}
      button={t.button}
      path="/api/v1/email_verification"
      token={token}
      done={() => ({
        body: t.verified,
        actions: (
          <a className="button" href="/stories">
            {ja.emailVerification.toStories}
          </a>
        ),
      })}
      invalidActions={
        <a className="button button--ghost" href="/account">
          {ja.emailChange.toSettings}
        </a>
      }
    />
  );
}
