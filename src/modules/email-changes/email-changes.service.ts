// The change of an account's e-mail address, one mechanism for both doors (marketplace users at /account, brand
// portal members at /brand/account); each door gives what differs through email-door.ts.
//
// A request (the new address and the current password) supersedes any earlier pending one and mails two links: a
// confirmation to the new address (one use, EMAIL_CHANGE_VALID_HOURS) and a notice with an undo link to the old
// one. Nothing changes until the confirmation link's page is confirmed while the address is still free. The undo
// link cancels a pending change; once confirmed it restores the old address for EMAIL_CHANGE_UNDO_DAYS and locks
// the account (sessions end, reset links void, the password stops working) so a takeover can be reversed.
// A new address that is already registered gets the same answer, row and notice; its mail says someone tried to
// use it, and no confirmation token is ever mailed for it.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUniqueViolation } from '#src/lib/db-errors';
import type { Ctx } from '#src/lib/context';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '#src/lib/isomorphic/errors';
import { count } from '#src/lib/rate-limit';
import { expiresAfter, hashToken, newToken } from '#src/lib/reset-tokens';
import { transaction } from '#src/lib/transaction';
import { parseInput } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { EmailChange, type EmailDoorKind, type IEmailChange } from './email-changes.entity';
import type { EmailDoor } from './email-door';
import {
  EMAIL_CHANGE_CONFIRM_PATH,
  EMAIL_CHANGE_REQUESTS_PER_HOUR,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_CHANGE_UNDO_PATH,
  EMAIL_CHANGE_VALID_HOURS,
  emailChangeRequestSchema,
  emailChangeTokenSchema,
  type EmailChangeDoneJson,
  type EmailChangeLinkJson,
  type EmailStatusJson,
  type EmailChangeTokenInput,
  type EmailChangeRequestInput,
} from './email-changes.schemas';

const t = ja.emailChange;
const mail = ja.emailChangeMail;

export interface EmailChangesDeps {
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  doors: Record<EmailDoorKind, EmailDoor>;
}

const linkInvalid = () => new ValidationError({ token: [t.linkInvalid] });

/** The account acting: a marketplace user or a brand member; anyone else is 401. */
function accountOf(ctx: Ctx): { kind: EmailDoorKind; id: number } {
  if (ctx.actor.kind === 'user') return { kind: 'user', id: ctx.actor.id };
  if (ctx.actor.kind === 'brandMember') return { kind: 'brand', id: ctx.actor.id };
  throw new UnauthorizedError(ja.errors.unauthorized);
}

/** What a link's token can do now, or null: confirm (pending, unexpired, address free when asked), cancel or undo. */
function actionOf(row: IEmailChange, hash: string, now: Date): EmailChangeLinkJson['action'] | null {
  if (row.confirmTokenHash === hash) {
    return row.status === 'pending' && row.addressFree && row.expiresAt > now ? 'confirm' : null;
  }
  if (row.status === 'pending') return row.expiresAt > now ? 'cancel' : null;
  if (row.status === 'confirmed') return row.undoUntil != null && row.undoUntil > now ? 'undo' : null;
  return null;
}

export function createEmailChangesService(deps: EmailChangesDeps) {
  const baseUrl = publicBaseUrl(deps.env);
  const { doors } = deps;

  /** The row a token belongs to and what it can do, else null (unknown, used, expired). */
  async function findLink(em: EntityManager, input: EmailChangeTokenInput, lock = false) {
    const { token } = parseInput(emailChangeTokenSchema, input);
    if (token.length === 0) return null;
    const hash = hashToken(token);
    const row = await em.findOne(
      EmailChange,
      { $or: [{ confirmTokenHash: hash }, { undoTokenHash: hash }] },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
    const action = row ? actionOf(row, hash, new Date()) : null;
    return row && action ? { row, action } : null;
  }

  /**
   * POST /api/v1/account/email and /brand/api/v1/brand-members/email ({ email, current_password }). A wrong password
   * is a 422 on current_password (the routes count it like a failed sign-in). Past EMAIL_CHANGE_REQUESTS_PER_HOUR
   * requests of the account, 429. The answer is the same whether the new address is free or taken.
   */
  async function request(ctx: Ctx, input: EmailChangeRequestInput): Promise<{ sent: true }> {
    const account = accountOf(ctx);
    const door = doors[account.kind];
    const data = parseInput(emailChangeRequestSchema, input);
    const current = await door.email(ctx.em, account.id);
    if (current == null) throw new UnauthorizedError(ja.errors.unauthorized);
    if (!(await door.passwordMatches(ctx.em, account.id, data.current_password))) {
      throw new ValidationError({ current_password: [ja.account.currentPasswordWrong] });
    }
    if (data.email === current) throw new ValidationError({ email: [t.emailSame] });
    const requests = await count(ctx.em, { key: `email-change:${account.kind}:${account.id}`, windowSeconds: 3600 });
    if (requests > EMAIL_CHANGE_REQUESTS_PER_HOUR) throw new TooManyRequestsError(t.tooManyMails);

    const confirm = newToken();
    const undo = newToken();
    const now = new Date();
    const expiresAt = expiresAfter(now, EMAIL_CHANGE_VALID_HOURS);
    await transaction(ctx.em, async (em) => {
      await em.nativeUpdate(EmailChange, { door: account.kind, accountId: account.id, status: 'pending' }, { status: 'superseded' });
      const addressFree = !(await door.taken(em, data.email, account.id));
      const row = em.create(EmailChange, {
        door: account.kind,
        accountId: account.id,
        oldEmail: current,
        newEmail: data.email,
        addressFree,
        confirmTokenHash: confirm.tokenHash,
        undoTokenHash: undo.tokenHash,
        expiresAt,
      });
      await em.flush();
      const named = door.mailAccount;
      const name = await door.greetingName(em, { id: account.id });
      await enqueueMail(em, [
        {
          dedupeKey: `email_change:${row.id}:new`,
          to: data.email,
          // Not the account's address until it is confirmed (or another account's): no account link.
          footer: { account: account.kind, kind: 'access' },
          subject: named.subject(mail.confirmMailTopic),
          // A taken address greets the account that holds it, whose owner reads the mail.
          text: addressFree
            ? mailText({
                name,
                body: mail.confirmMailBody({
                  account: named.name,
                  url: `${baseUrl}${EMAIL_CHANGE_CONFIRM_PATH}?token=${confirm.token}`,
                  expiresAt: formatInstantDateTimeJa(expiresAt),
                }),
                baseUrl,
              })
            : mailText({
                name: await door.greetingName(em, { email: data.email }),
                body: mail.takenMailBody({ account: named.name }),
                baseUrl,
              }),
        },
        {
          dedupeKey: `email_change:${row.id}:old`,
          to: current,
          footer: { account: account.kind, kind: 'security' },
          subject: named.subject(mail.noticeMailTopic),
          text: mailText({
            name,
            body: mail.noticeMailBody({
              account: named.name,
              newEmail: data.email,
              at: formatInstantDateTimeJa(now),
              undoUrl: `${baseUrl}${EMAIL_CHANGE_UNDO_PATH}?token=${undo.token}`,
            }),
            baseUrl,
          }),
        },
      ]);
    });
    return { sent: true };
  }

  /** GET /api/v1/account/email and /brand/api/v1/brand-members/email: the address and the pending change. */
  async function status(ctx: Ctx, _input?: unknown): Promise<EmailStatusJson> {
    const account = accountOf(ctx);
    const email = await doors[account.kind].email(ctx.em, account.id);
    if (email == null) throw new UnauthorizedError(ja.errors.unauthorized);
    const pending = await ctx.em.findOne(
      EmailChange,
      { door: account.kind, accountId: account.id, status: 'pending', expiresAt: { $gt: new Date() } },
      { orderBy: { id: 'desc' } },
    );
    return { email, pending: pending ? { email: pending.newEmail, expires_at: pending.expiresAt.toISOString() } : null };
  }

  /**
   * DELETE /api/v1/account/email and /brand/api/v1/brand-members/email: the account's pending change is cancelled
   * (its confirmation link stops working). Answers the address as GET does.
   */
  async function cancelPending(ctx: Ctx, _input?: unknown): Promise<EmailStatusJson> {
    const account = accountOf(ctx);
    await ctx.em.nativeUpdate(
      EmailChange,
      { door: account.kind, accountId: account.id, status: 'pending' },
      { status: 'cancelled', undoneAt: new Date() },
    );
    return status(ctx, {});
  }

  /** The link pages' check ({ token }): what opening it would do, or the 422 the action would answer. */
  async function checkLink(ctx: Ctx, input: EmailChangeTokenInput): Promise<EmailChangeLinkJson> {
    const link = await findLink(ctx.em, input);
    if (!link) throw linkInvalid();
    return { door: link.row.door, action: link.action, old_email: link.row.oldEmail, new_email: link.row.newEmail };
  }

  /**
   * POST /api/v1/email_changes/confirm ({ token }): the address changes if it is still free (else 422 and the
   * request stays as it was). A completion notice goes to the old address (its undo link stays valid).
   */
  async function confirm(ctx: Ctx, input: EmailChangeTokenInput): Promise<EmailChangeDoneJson> {
    return transaction(ctx.em, async (em) => {
      const link = await findLink(em, input, true);
      if (link?.action !== 'confirm') throw linkInvalid();
      const { row } = link;
      const door = doors[row.door];
      if ((await door.email(em, row.accountId)) == null) throw linkInvalid();
      if (await door.taken(em, row.newEmail, row.accountId)) throw new ValidationError({ token: [t.addressTaken] });
      const now = new Date();
      row.status = 'confirmed';
      row.confirmedAt = now;
      row.undoUntil = new Date(now.getTime() + EMAIL_CHANGE_UNDO_DAYS * 24 * 3600 * 1000);
      await em.flush();
      try {
        await door.setEmail(em, row.accountId, row.newEmail);
      } catch (error) {
        // Another account took the address between the check and the write: the unique index decides.
        if (isUniqueViolation(error)) throw new ValidationError({ token: [t.addressTaken] });
        throw error;
      }
      const named = door.mailAccount;
      await enqueueMail(em, [
        {
          dedupeKey: `email_change:${row.id}:done`,
          to: row.oldEmail,
          footer: { account: row.door, kind: 'security' },
          subject: named.subject(mail.doneMailTopic),
          text: mailText({
            name: await door.greetingName(em, { id: row.accountId }),
            body: mail.doneMailBody({
              account: named.name,
              newEmail: row.newEmail,
              undoUntil: formatInstantDateTimeJa(row.undoUntil),
              noticeSubject: named.subject(mail.noticeMailTopic),
            }),
            baseUrl,
          }),
        },
      ]);
      return { door: row.door, action: 'confirm' as const, email: row.newEmail };
    });
  }

  /**
   * POST /api/v1/email_changes/undo ({ token }): cancels a pending change, or, within EMAIL_CHANGE_UNDO_DAYS of a
   * confirmed one, restores the old address (422 when another account took it meanwhile) and locks the account.
   */
  async function undo(ctx: Ctx, input: EmailChangeTokenInput): Promise<EmailChangeDoneJson> {
    return transaction(ctx.em, async (em) => {
      const link = await findLink(em, input, true);
      if (!link || link.action === 'confirm') throw linkInvalid();
      const { row, action } = link;
      const door = doors[row.door];
      row.undoneAt = new Date();
      if (action === 'cancel') {
        row.status = 'cancelled';
        await em.flush();
        return { door: row.door, action, email: row.oldEmail };
      }
      if ((await door.email(em, row.accountId)) == null) throw linkInvalid();
      if (await door.taken(em, row.oldEmail, row.accountId)) throw new ValidationError({ token: [t.oldAddressTaken] });
      row.status = 'undone';
      await em.flush();
      await em.nativeUpdate(EmailChange, { door: row.door, accountId: row.accountId, status: 'pending' }, { status: 'superseded' });
      await door.setEmail(em, row.accountId, row.oldEmail);
      await door.lockOut(em, row.accountId);
      return { door: row.door, action, email: row.oldEmail };
    });
  }

  return { request, status, cancelPending, checkLink, confirm, undo };
}

export type EmailChangesService = ReturnType<typeof createEmailChangesService>;
