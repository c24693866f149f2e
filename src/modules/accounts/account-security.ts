// An account's own password change and its sessions list, the same for both doors: a marketplace user (/account,
// users/account.service.ts) and a brand member (/brand/account, brand-members/brand-account.service.ts). Each gives it
// what differs (the entity, the session door, who may act, the security notice's wording and reset page) and exposes
// its methods under its own service. Server-only; not a service.
import { createHash } from 'node:crypto';
import type { EntityName, FilterQuery } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { ValidationError } from '#src/lib/isomorphic/errors';
import { hashPassword, verifyPassword } from '#src/lib/password';
import { transaction } from '#src/lib/transaction';
import { parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import type { MailAccount } from '#src/modules/mail/mail.schemas';
import { passwordChangeSchema, type AccountSessionsJson, type PasswordChangeInput } from '#src/modules/users/account.schemas';
import { endAccountSessions, listAccountSessions, type SessionDoor } from './account-sessions';

/** What both account entities have (User, BrandMember). */
export interface PasswordAccountRow {
  id: number;
  email: string;
  passwordHash?: string | null;
  resetPasswordTokenHash?: string | null;
  resetPasswordSentAt?: Date | null;
}

/**
 * The security notice after a change: the name it greets (null: none, a brand member's account holds no name), the
 * account's name in the text and the subject (the wording the account's e-mail change mails share:
 * ja.account.mailAccount, ja.brandAccount.mailAccount).
 */
export interface PasswordNotice {
  name: string | null;
  account: string;
  subject: string;
  /** The page where a password is reset (the notice's link for someone who did not change it). */
  resetPath: string;
}

export interface AccountSecurityConfig<Row extends PasswordAccountRow> {
  door: SessionDoor;
  entity: EntityName<Row>;
  /** The acting account's id; anyone else is refused (401). */
  accountId: (ctx: Ctx) => number;
  notice: (row: Row) => PasswordNotice;
  /** The outbox's dedupe key prefix of the notice. */
  mailKey: string;
  /** The account the notice's reader holds: its footer links that account's page (mail.footer.ts). */
  reader: MailAccount;
  /** The public base URL of the notice's links. */
  baseUrl: string;
}

/** What the route knows about the request's own session: its id (never shown) and its device. */
export interface CurrentSession {
  current_session_id?: string;
  current_device?: string | null;
}

function sessionOf(input: CurrentSession): { sid: string; device: string | null } {
  const { current_session_id: sid, current_device: device } = input;
  return { sid: typeof sid === 'string' ? sid : '', device: typeof device === 'string' ? device : null };
}

function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function createAccountSecurity<Row extends PasswordAccountRow>(config: AccountSecurityConfig<Row>) {
  const { door, entity } = config;
  const byId = (id: number) => ({ id }) as FilterQuery<Row>;

  /**
   * PUT …/account/password ({ current_password, new_password }): a wrong current password is a 422 on
   * current_password (the route counts it like a failed sign-in). The new password is set, a mailed reset link is
   * voided, every other session of the account on its door is signed out, and a security notice (not optional) goes
   * to the address through the outbox, in one transaction. Returns how many other sessions ended.
   */
  async function changePassword(ctx: Ctx, input: PasswordChangeInput & CurrentSession): Promise<{ changed: true; signed_out: number }> {
    const id = config.accountId(ctx);
    const data = parseInput(passwordChangeSchema, input);
    const session = sessionOf(input);
    // The hash is a lazy property of both entities; the generic Row cannot name it to the ORM's typed populate.
    const current = await ctx.em.findOneOrFail(entity, byId(id), { populate: ['passwordHash'] as never });
    if (!current.passwordHash || !(await verifyPassword(data.current_password, current.passwordHash))) {
      throw new ValidationError({ current_password: [ja.account.currentPasswordWrong] });
    }
    const passwordHash = await hashPassword(data.new_password);
    return transaction(ctx.em, async (em) => {
      const row = await em.findOneOrFail(entity, byId(id));
      row.passwordHash = passwordHash;
      // A reset link mailed earlier would otherwise still set a password after this change.
      row.resetPasswordTokenHash = null;
      row.resetPasswordSentAt = null;
      await em.flush();
      const signedOut = await endAccountSessions(em, { door, id }, session.sid);
      const now = new Date();
      const notice = config.notice(row);
      await enqueueMail(em, [
        {
          dedupeKey: `${config.mailKey}:${id}:${now.getTime()}`,
          to: row.email,
          // Always sent: its footer says why and links the account page to review the account.
          footer: { account: config.reader, kind: 'security' },
          subject: notice.subject,
          text: mailText({
            name: notice.name,
            body: ja.account.passwordMailBody({
              account: notice.account,
              at: formatInstantDateTimeJa(now),
              device: session.device ?? ja.account.unknownDevice,
              resetUrl: `${config.baseUrl}${notice.resetPath}`,
            }),
            baseUrl: config.baseUrl,
          }),
        },
      ]);
      return { changed: true as const, signed_out: signedOut };
    });
  }

  /** GET …/account/sessions: where the account is signed in, this session first, then the latest used. */
  async function sessions(ctx: Ctx, input: CurrentSession): Promise<AccountSessionsJson> {
    const id = config.accountId(ctx);
    const { sid } = sessionOf(input);
    const rows = await listAccountSessions(ctx.em, { door, id });
    const list = rows.map((row) => ({
      id: createHash('sha256').update(row.sid).digest('hex').slice(0, 16),
      current: row.sid === sid,
      device: row.device,
      signed_in_at: isoOrNull(row.signed_in_at),
      last_seen_at: isoOrNull(row.last_seen_at ?? row.signed_in_at),
    }));
    list.sort((a, b) => Number(b.current) - Number(a.current) || (b.last_seen_at ?? '').localeCompare(a.last_seen_at ?? ''));
    return { sessions: list };
  }

  /** DELETE …/account/sessions: signs the account out everywhere but this session (its own door only). */
  async function endOtherSessions(ctx: Ctx, input: CurrentSession): Promise<{ signed_out: number }> {
    const id = config.accountId(ctx);
    const { sid } = sessionOf(input);
    return { signed_out: await endAccountSessions(ctx.em, { door, id }, sid) };
  }

  return { changePassword, sessions, endOtherSessions };
}

export type AccountSecurity = ReturnType<typeof createAccountSecurity>;
