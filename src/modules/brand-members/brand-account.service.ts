// The signed-in brand member's own account (/brand/account): password change, the places the member is signed in to
// the portal and "sign out everywhere else". The marketplace's rules (accounts/account-security.ts) on the portal's
// session key; every method acts on ctx.actor's own account only (requireBrandMember), so no id travels in the input.
import { requireBrandMember } from '#src/lib/context';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { createAccountSecurity } from '#src/modules/accounts/account-security';
import { BrandMember } from './brand-members.entity';
import { RESET_PASSWORD_MAIL_PATH } from './brand-members.schemas';
import * as ja from '#src/i18n/ja';

export interface BrandAccountDeps {
  /** The public base URL of the security notice's links. */
  env: Pick<Env, 'APP_URL' | 'PORT'>;
}

export function createBrandAccountService(deps: BrandAccountDeps) {
  /**
   * PUT /brand/api/v1/account/password, GET and DELETE /brand/api/v1/account/sessions. The notice has no greeting (a
   * member has no name) and links to the portal's reset request page.
   */
  const { changePassword, sessions, endOtherSessions } = createAccountSecurity({
    door: 'brandMemberId',
    entity: BrandMember,
    accountId: (ctx) => requireBrandMember(ctx).id,
    notice: () => ({
      name: null,
      account: ja.brandAccount.mailAccount.name,
      subject: ja.brandAccount.mailAccount.subject(ja.account.passwordMailTopic),
      resetPath: RESET_PASSWORD_MAIL_PATH,
    }),
    mailKey: 'brand_member_password_changed',
    reader: 'brand',
    baseUrl: publicBaseUrl(deps.env),
  });

  return { changePassword, sessions, endOtherSessions };
}

export type BrandAccountService = ReturnType<typeof createBrandAccountService>;
