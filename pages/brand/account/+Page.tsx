// /brand/account (アカウント設定, linked from the portal header): the member's own sign-in settings, one section each,
// saving on its own and reloading the page with a notice on top. The sections are the marketplace account page's
// (src/components/account) on the portal's API; a call that finds the session gone goes to sign-in and back.
import { useData } from 'vike-react/useData';
import { AccountNotice } from '#src/components/account/AccountNotice';
import type { AccountSectionProps } from '#src/components/account/account-section';
import { PasswordSection } from '#src/components/account/PasswordSection';
import { SessionsSection } from '#src/components/account/SessionsSection';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { EmailChangeSection } from './EmailChangeSection';
import type { Data } from './+data';
import './brand-account.css';
import * as ja from '#src/i18n/ja';

const t = ja.brandAccount.page;

/** What the password and sessions sections are given: the portal's API and its 401 rule. */
const portal: AccountSectionProps = { api: BRAND_API, intercept: handleUnauthorized };

export default function Page() {
  const { email, sessions } = useData<Data>();
  return (
    <section className="brand-account">
      <Breadcrumbs items={crumbs.account()} />
      <div className="admin-head">
        <h1>{t.title}</h1>
      </div>
      <p className="muted">{t.lead}</p>
      <AccountNotice />
      <EmailChangeSection status={email} />
      <PasswordSection {...portal} />
      <SessionsSection {...portal} sessions={sessions} />
    </section>
  );
}
