// A brand portal member's side of the e-mail change (email-changes/email-door.ts). Server-only; runs on the caller's
// EntityManager (inside its transaction).
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword, verifyPassword } from '#src/lib/password';
import type { EmailDoor } from '#src/modules/email-changes/email-door';
import { BrandMember } from './brand-members.entity';
import { endAccountSessions } from '#src/modules/accounts/account-sessions';
import { RESET_PASSWORD_PATH } from './brand-members.schemas';
import * as ja from '#src/i18n/ja';

export const brandMemberEmailDoor: EmailDoor = {
  kind: 'brand',
  settingsPath: '/brand/account',
  resetPath: `${RESET_PASSWORD_PATH}_send_mail`,
  mailAccount: ja.brandAccount.mailAccount,
  async email(em, id) {
    return (await em.findOne(BrandMember, { id, invitationAccepted: true }, { fields: ['email'] }))?.email ?? null;
  },
  async greetingName() {
    return null;
  },
  async passwordMatches(em, id, password) {
    const member = await em.findOne(BrandMember, { id }, { populate: ['passwordHash'] });
    return member?.passwordHash != null && (await verifyPassword(password, member.passwordHash));
  },
  async taken(em, email, exceptId) {
    return (await em.count(BrandMember, { email, id: { $ne: exceptId } })) > 0;
  },
  async setEmail(em, id, email) {
    const member = await em.findOneOrFail(BrandMember, { id });
    member.email = email;
    await em.flush();
  },
  async lockOut(em: EntityManager, id: number) {
    const member = await em.findOneOrFail(BrandMember, { id });
    member.passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    member.resetPasswordTokenHash = null;
    member.resetPasswordSentAt = null;
    await em.flush();
    await endAccountSessions(em, { door: 'brandMemberId', id });
  },
};
