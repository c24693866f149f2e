// The outbox's delivery side (ARCHITECTURE.md "e-mail"): claims due rows with SELECT ... FOR UPDATE SKIP LOCKED,
// sends them through nodemailer when SMTP_URL is set (otherwise the rows themselves are the development mailbox),
// and retries failures with exponential backoff.
//
// Exactly-once as far as the database can promise it: a row is claimed with a lease (status 'sending', locked_until)
// in one committed statement, so every other worker (in this or another process) leaves it alone while it is sent,
// and no transaction or row lock is held across the SMTP exchange. 'sent' is written as soon as the server accepted
// it. A crash before that leaves the lease to run out and the mail is sent later (never lost); the only window (the
// SMTP server accepted, the process died before marking) gives at most one repeat, and that repeat carries the same
// Message-ID (derived from the dedupe key) so mail systems can drop it.
import type { MikroORM } from '@mikro-orm/postgresql';
import { publicBaseUrl, type Env } from '#src/lib/env';
import type { Logger } from '#src/lib/logger';
import type { Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/isomorphic/errors';
import * as ja from '#src/i18n/ja';
import type { MailAttachmentRow } from './mail.entity';
import { setMailBaseUrl } from './mail.outbox';
import { MAX_ATTEMPTS, backoffSeconds, mailboxTransport, messageIdFor, smtpTransport, type MailTransport } from './mail.transport';
import type { DevMail } from './mail.schemas';

interface OutboxRow {
  id: number;
  dedupe_key: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: MailAttachmentRow[] | null;
  attempts: number;
}

export type { DevMail };

/** How long a claimed mail is left to the worker sending it: past SMTP's connection, greeting and socket timeouts. */
const MAIL_LEASE_SECONDS = 120;

export interface MailDeps {
  orm: MikroORM;
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'NODE_ENV' | 'APP_URL' | 'PORT'>;
  log: Logger;
  /** SMTP when SMTP_URL is set, otherwise the development mailbox (tests pass their own). */
  transport?: MailTransport;
}

export function createMailService(deps: MailDeps) {
  const { orm, env, log } = deps;
  const transport = deps.transport ?? (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : mailboxTransport);
  // The mails this root's services queue carry their footer with the base URL those services write links with.
  setMailBaseUrl(orm, publicBaseUrl(env));

  /**
   * Claims one due mail (status 'sending' with a lease, committed at once), sends it with no transaction open, then
   * marks it sent or failed. A process that dies while sending leaves the lease to run out; the mail is then sent
   * again with the same Message-ID. Null when nothing is due.
   */
  async function deliverOne(): Promise<'sent' | 'failed' | null> {
    const em = orm.em.fork();
    const rows = await em.execute<OutboxRow[]>(
      `UPDATE mail_outbox o SET status = 'sending', locked_until = now() + make_interval(secs => ${MAIL_LEASE_SECONDS}), updated_at = now()
       WHERE o.id = (SELECT id FROM mail_outbox
                     WHERE status IN ('pending', 'sending') AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
                     ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING o.id, o.dedupe_key, o.to_address, o.reply_to, o.subject, o.text_body, o.html_body, o.attachments, o.attempts`,
    );
    const row = rows[0];
    if (!row) return null;
    try {
      await transport.send({
        from: env.MAIL_FROM,
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        messageId: messageIdFor(row.dedupe_key, env.MAIL_FROM),
        attachments: row.attachments?.map((a) => ({ filename: a.filename, contentType: a.content_type, content: a.content })),
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const status = attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
      await em.execute(
        `UPDATE mail_outbox SET status = ?, attempts = ?, next_attempt_at = now() + make_interval(secs => ?), locked_until = NULL,
           last_error = ?, updated_at = now() WHERE id = ?`,
        [status, attempts, backoffSeconds(attempts), String((error as Error)?.message ?? error).slice(0, 2000), row.id],
      );
      log.warn({ err: error, mailId: row.id, attempts, status }, 'mail delivery failed');
      return 'failed';
    }
    await em.execute(
      `UPDATE mail_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1, locked_until = NULL, last_error = NULL, updated_at = now()
       WHERE id = ?`,
      [row.id],
    );
    return 'sent';
  }

  return {
    transportKind: transport.kind,

    /** Sends what is due (the worker calls this every few seconds). */
    async deliverDue(options: { limit?: number } = {}): Promise<{ sent: number; failed: number }> {
      const result = { sent: 0, failed: 0 };
      for (let i = 0; i < (options.limit ?? 50); i++) {
        const outcome = await deliverOne();
        if (outcome === null) break;
        result[outcome] += 1;
      }
      if (result.sent || result.failed) log.info(result, 'mail outbox delivered');
      return result;
    },

    /** The development mailbox (newest first). Never in production. */
    async mailbox(ctx: Ctx, options: { limit?: unknown } = {}): Promise<DevMail[]> {
      if (env.NODE_ENV === 'production') throw new NotFoundError(ja.errors.notFound);
      const rows = await ctx.em.execute<
        {
          id: number;
          to_address: string;
          subject: string;
          text_body: string;
          status: DevMail['status'];
          attachments: MailAttachmentRow[] | null;
          attempts: number;
          last_error: string | null;
          created_at: Date;
          sent_at: Date | null;
        }[]
      >(
        `SELECT id, to_address, subject, text_body, status, attachments, attempts, last_error, created_at, sent_at FROM mail_outbox ORDER BY id DESC LIMIT ?`,
        [Math.min(Math.max(Number(options.limit) || 100, 1), 500)],
      );
      return rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        text: r.text_body,
        status: r.status,
        attachments: (r.attachments ?? []).map((a) => ({ filename: a.filename, content_type: a.content_type })),
        attempts: r.attempts,
        last_error: r.last_error,
        created_at: new Date(r.created_at).toISOString(),
        sent_at: r.sent_at ? new Date(r.sent_at).toISOString() : null,
      }));
    },

    close: () => transport.close(),
  };
}

export type MailService = ReturnType<typeof createMailService>;
