// A marketplace user's side of the e-mail change (email-changes/email-door.ts). Server-only; runs on the caller's
// EntityManager (inside its transaction).
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword, verifyPassword } from '#src/lib/password';
import type { EmailDoor } from '#src/modules/email-changes/email-door';
import { User } from './users.entity';
import { endAccountSessions } from '#src/modules/accounts/account-sessions';
import { USER_RESET_PASSWORD_PATH } from './users.schemas';
import * as ja from '#src/i18n/ja';

export const userEmailDoor: EmailDoor = {
  kind: 'user',
  settingsPath: '/account',
  resetPath: `${USER_RESET_PASSWORD_PATH}/new`,
  mailAccount: ja.account.mailAccount,
  async email(em, id) {
    return (await em.findOne(User, { id }, { fields: ['email'] }))?.email ?? null;
  },
  async greetingName(em, account) {
    return (await em.findOne(User, account, { fields: ['name'] }))?.name ?? null;
  },
  async passwordMatches(em, id, password) {
    const user = await em.findOne(User, { id }, { populate: ['passwordHash'] });
    return user != null && (await verifyPassword(password, user.passwordHash));
  },
  async taken(em, email, exceptId) {
    return (await em.count(User, { email, id: { $ne: exceptId } })) > 0;
  },
  async setEmail(em, id, email) {
    const user = await em.findOneOrFail(User, { id });
    user.email = email;
    // The mailed link proved the address reaches the user; an earlier sign-up link is no longer needed.
    user.emailVerifiedAt = new Date();
    user.emailVerifyTokenHash = null;
    await em.flush();
  },
  async lockOut(em: EntityManager, id: number) {
    const user = await em.findOneOrFail(User, { id });
    user.passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    user.resetPasswordTokenHash = null;
    user.resetPasswordSentAt = null;
    await em.flush();
    await endAccountSessions(em, { door: 'userId', id });
  },
};
