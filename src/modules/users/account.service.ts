// The signed-in user's own account (/account, 設定): profile, password change, active sessions and notification
// settings. Every method acts on ctx.actor's own account only (requireUser), so no id travels in the input.
import { requireUser, type Ctx } from '#src/lib/context';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { createAccountSecurity } from '#src/modules/accounts/account-security';
import { requireUploaded } from '#src/modules/uploads/uploads.repository';
import { User, type IUser } from './users.entity';
import { USER_RESET_PASSWORD_PATH } from './users.schemas';
import {
  accountProfileSchema,
  notificationSettingsSchema,
  type AccountJson,
  type AccountProfileInput,
  type NotificationSettingsInput,
} from './account.schemas';

export interface AccountDeps {
  /** The public base URL of the security notice's links. */
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  /** IMAGE_UPLOAD_URL is set: uploads go to the image hosting service, not the local store. */
  imageHosting: boolean;
}

function toJson(user: IUser): AccountJson {
  return {
    name: user.name,
    email: user.email,
    avatar_url: user.avatarUrl ?? null,
    introduction: user.introduction ?? null,
    notifications: { reminders: user.notifyReminders, messages: user.notifyMessages, favorite_dates: user.notifyFavoriteDates },
  };
}

export function createAccountService(deps: AccountDeps) {
  // Password change and sessions (PUT /api/v1/account/password, GET and DELETE /api/v1/account/sessions): the rules
  // both doors share, on the marketplace's session key.
  const security = createAccountSecurity({
    door: 'userId',
    entity: User,
    accountId: (ctx) => requireUser(ctx).id,
    notice: (user) => ({
      name: user.name,
      account: ja.account.mailAccount.name,
      subject: ja.account.mailAccount.subject(ja.account.passwordMailTopic),
      resetPath: `${USER_RESET_PASSWORD_PATH}/new`,
    }),
    mailKey: 'password_changed',
    reader: 'user',
    baseUrl: publicBaseUrl(deps.env),
  });

  /** GET /api/v1/account */
  async function get(ctx: Ctx, _input?: unknown): Promise<AccountJson> {
    const actor = requireUser(ctx);
    return toJson(await ctx.em.findOneOrFail(User, { id: actor.id }));
  }

  /** PUT /api/v1/account/profile ({ name, avatar: [{object_key, url}] (at most one), introduction }) */
  async function updateProfile(ctx: Ctx, input: AccountProfileInput): Promise<AccountJson> {
    const actor = requireUser(ctx);
    const data = parseInput(accountProfileSchema, input);
    const user = await ctx.em.findOneOrFail(User, { id: actor.id });
    // The current avatar comes back as the page shows it: its url as the object_key too.
    const known = user.avatarUrl ? [{ object_key: user.avatarUrl, url: user.avatarUrl }] : [];
    await requireUploaded(ctx.em, data.avatar, { hosted: deps.imageHosting, known }, 'avatar');
    user.name = data.name;
    user.avatarUrl = data.avatar[0]?.url ?? null;
    user.introduction = data.introduction === '' ? null : data.introduction;
    await ctx.em.flush();
    return toJson(user);
  }

  /** PUT /api/v1/account/notifications ({ reminders?, messages?, favorite_dates? }: a choice left out is kept) */
  async function updateNotifications(ctx: Ctx, input: NotificationSettingsInput): Promise<AccountJson> {
    const actor = requireUser(ctx);
    const data = parseInput(notificationSettingsSchema, input);
    const user = await ctx.em.findOneOrFail(User, { id: actor.id });
    if (data.reminders !== undefined) user.notifyReminders = data.reminders;
    if (data.messages !== undefined) user.notifyMessages = data.messages;
    if (data.favorite_dates !== undefined) user.notifyFavoriteDates = data.favorite_dates;
    await ctx.em.flush();
    return toJson(user);
  }

  return { get, updateProfile, ...security, updateNotifications };
}

export type AccountService = ReturnType<typeof createAccountService>;
