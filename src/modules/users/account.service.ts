// The signed-in user's own account (/account, 設定): profile, password change, active sessions and notification
// settings. Every method acts on ctx.actor's own account only (requireUser), so no id travels in the input.
import { createHash } from 'node:crypto';
import { requireUser, type Ctx } from '#src/lib/context';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { ValidationError } from '#src/lib/isomorphic/errors';
import { hashPassword, verifyPassword } from '#src/lib/password';
import { transaction } from '#src/lib/transaction';
import { parseInput } from '#src/lib/isomorphic/validate';
import { ja } from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { User, type IUser } from './users.entity';
import { endUserSessions, listUserSessions } from './user-sessions';
import { USER_RESET_PASSWORD_PATH } from './users.schemas';
import {
  accountProfileSchema,
  notificationSettingsSchema,
  passwordChangeSchema,
  type AccountJson,
  type AccountSessionsJson,
} from './account.schemas';

export interface AccountDeps {
  /** The public base URL of the security notice's links. */
  env: Pick<Env, 'APP_URL' | 'PORT'>;
}

/** What the route knows about the request's own session: its id (never shown) and its device. */
function sessionOf(input: unknown): { sid: string; device: string | null } {
  const { current_session_id: sid, current_device: device } = (input ?? {}) as { current_session_id?: unknown; current_device?: unknown };
  return { sid: typeof sid === 'string' ? sid : '', device: typeof device === 'string' ? device : null };
}

function toJson(user: IUser): AccountJson {
  return {
    name: user.name,
    email: user.email,
    avatar_url: user.avatarUrl ?? null,
    introduction: user.introduction ?? null,
    notifications: { reminders: user.notifyReminders, messages: user.notifyMessages },
  };
}

function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function createAccountService(deps: AccountDeps) {
  const baseUrl = publicBaseUrl(deps.env);

  /** GET /api/v1/account */
  async function get(ctx: Ctx, _input?: unknown): Promise<AccountJson> {
    const actor = requireUser(ctx);
    return toJson(await ctx.em.findOneOrFail(User, { id: actor.id }));
  }

  /** PUT /api/v1/account/profile ({ name, avatar: [{object_key, url}] (at most one), introduction }) */
  async function updateProfile(ctx: Ctx, input: unknown): Promise<AccountJson> {
    const actor = requireUser(ctx);
    const data = parseInput(accountProfileSchema, input);
    const user = await ctx.em.findOneOrFail(User, { id: actor.id });
    user.name = data.name;
    user.avatarUrl = data.avatar[0]?.url ?? null;
    user.introduction = data.introduction === '' ? null : data.introduction;
    await ctx.em.flush();
    return toJson(user);
  }

  /**
   * PUT /api/v1/account/password ({ current_password, new_password }): a wrong current password is a 422 on
   * current_password (the route counts it like a failed sign-in). The new password is set, every other session of
   * the user is signed out, and a security notice (not optional) goes to the address through the outbox, in one
   * transaction. Returns how many other sessions ended.
   */
  async function changePassword(ctx: Ctx, input: unknown): Promise<{ changed: true; signed_out: number }> {
    const actor = requireUser(ctx);
    const data = parseInput(passwordChangeSchema, input);
    const session = sessionOf(input);
    const current = await ctx.em.findOneOrFail(User, { id: actor.id }, { populate: ['passwordHash'] });
    if (!(await verifyPassword(data.current_password, current.passwordHash))) {
      throw new ValidationError({ current_password: [ja.account.currentPasswordWrong] });
    }
    const passwordHash = await hashPassword(data.new_password);
    return transaction(ctx.em, async (em) => {
      const user = await em.findOneOrFail(User, { id: actor.id });
      user.passwordHash = passwordHash;
      // A reset link mailed earlier would otherwise still set a password after this change.
      user.resetPasswordTokenHash = null;
      user.resetPasswordSentAt = null;
      await em.flush();
      const signedOut = await endUserSessions(em, user.id, session.sid);
      const now = new Date();
      await enqueueMail(em, [
        {
          dedupeKey: `password_changed:${user.id}:${now.getTime()}`,
          to: user.email,
          footer: 'user',
          subject: ja.account.passwordMailSubject,
          text: ja.account.passwordMailText({
            name: user.name,
            at: formatInstantDateTimeJa(now),
            device: session.device ?? ja.account.unknownDevice,
            resetUrl: `${baseUrl}${USER_RESET_PASSWORD_PATH}/new`,
            baseUrl,
          }),
        },
      ]);
      return { changed: true as const, signed_out: signedOut };
    });
  }

  /** GET /api/v1/account/sessions: where the account is signed in, this session first, then the latest used. */
  async function sessions(ctx: Ctx, input: unknown): Promise<AccountSessionsJson> {
    const actor = requireUser(ctx);
    const { sid } = sessionOf(input);
    const rows = await listUserSessions(ctx.em, actor.id);
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

  /** DELETE /api/v1/account/sessions: signs the account out everywhere but this session. */
  async function endOtherSessions(ctx: Ctx, input: unknown): Promise<{ signed_out: number }> {
    const actor = requireUser(ctx);
    const { sid } = sessionOf(input);
    return { signed_out: await endUserSessions(ctx.em, actor.id, sid) };
  }

  /** PUT /api/v1/account/notifications ({ reminders, messages }) */
  async function updateNotifications(ctx: Ctx, input: unknown): Promise<AccountJson> {
    const actor = requireUser(ctx);
    const data = parseInput(notificationSettingsSchema, input);
    const user = await ctx.em.findOneOrFail(User, { id: actor.id });
    user.notifyReminders = data.reminders;
    user.notifyMessages = data.messages;
    await ctx.em.flush();
    return toJson(user);
  }

  return { get, updateProfile, changePassword, sessions, endOtherSessions, updateNotifications };
}

export type AccountService = ReturnType<typeof createAccountService>;
