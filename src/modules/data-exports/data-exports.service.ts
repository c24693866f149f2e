// The copy of one's data (データのコピー): requested on /account, built by the worker's job (`buildDue`: a row claimed
// with a lease, the files built outside any transaction, then stored and the link queued as a mail in one
// transaction), downloaded from the mailed link by the same signed-in user until it expires (DATA_EXPORT_VALID_DAYS).
// The link's token is random and only its sha256 is stored; a download needs the token and the account it belongs
// to, so a forwarded mail alone opens nothing. Files are kept in the row (every process sees them) and dropped when
// the link expires.
import type { FileAnswer } from '#src/lib/file-answer';
import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { requireUser, type Ctx } from '#src/lib/context';
import { formatInstantDateTimeJa, todayInJapan } from '#src/lib/isomorphic/dates';
import { isUniqueViolation } from '#src/lib/db-errors';
import { publicBaseUrl, type Env } from '#src/lib/env';
import { ConflictError, NotFoundError } from '#src/lib/isomorphic/errors';
import type { Logger } from '#src/lib/logger';
import { transaction } from '#src/lib/transaction';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { mailText } from '#src/modules/mail/mail.frame';
import { buildDataExport } from './data-export-build';
import { DataExport, type IDataExport } from './data-exports.entity';
import {
  DATA_EXPORT_PAGE_PATH,
  DATA_EXPORT_VALID_DAYS,
  dataExportFilePaths,
  type DataExportJson,
  type DataExportLinkJson,
  type LatestDataExportJson,
} from './data-exports.schemas';
import * as ja from '#src/i18n/ja';

export interface DataExportsDeps {
  orm: MikroORM;
  env: Pick<Env, 'APP_URL' | 'PORT'>;
  log: Logger;
}

/** How long a claimed request is left to its worker before another may take it. */
const LEASE_SECONDS = 300;
/** Attempts before a request is marked failed (the account page then offers a new one). */
const MAX_ATTEMPTS = 3;

const t = ja.dataExport;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

function toJson(row: IDataExport): DataExportJson {
  return {
    id: row.id,
    status: row.status,
    requested_at: new Date(row.createdAt).toISOString(),
    ready_at: iso(row.readyAt),
    expires_at: iso(row.expiresAt),
  };
}

/** A mailed link's export: its token (path /account/data-exports/{token}); a malformed one is the 404. */
interface DataExportRef {
  token: string;
}

export function createDataExportsService(deps: DataExportsDeps) {
  const { orm, log } = deps;
  const baseUrl = publicBaseUrl(deps.env);

  /** GET /api/v1/account/data-exports: the signed-in user's latest request. */
  async function latest(ctx: Ctx, _input?: unknown): Promise<LatestDataExportJson> {
    const actor = requireUser(ctx);
    const row = await ctx.em.findOne(DataExport, { user: actor.id }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return { data_export: row ? toJson(row) : null };
  }

  /** POST /api/v1/account/data-exports: queues a copy for the worker; one request at a time (409 while one waits). */
  async function request(ctx: Ctx, _input?: unknown): Promise<DataExportJson> {
    const actor = requireUser(ctx);
    try {
      const row = ctx.em.create(DataExport, { user: actor.id, status: 'pending' });
      await ctx.em.flush();
      return toJson(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(t.alreadyPending);
      throw error;
    }
  }

  /** The ready row of this token, if it is the signed-in user's and has not expired. */
  async function readyRow(ctx: Ctx, input: DataExportRef, files = false): Promise<IDataExport> {
    const actor = requireUser(ctx);
    const { token } = input;
    const notFound = () => new NotFoundError(t.notFound, 'data_export');
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound();
    const row = await ctx.em.findOne(
      DataExport,
      { tokenHash: sha256(token), user: actor.id, status: 'ready', expiresAt: { $gt: new Date() } },
      files ? { populate: ['jsonBody', 'csvBody'] } : {},
    );
    if (!row) throw notFound();
    return row;
  }

  /** The mailed link's page (/account/data-export/{token}). */
  async function link(ctx: Ctx, input: DataExportRef): Promise<DataExportLinkJson> {
    const row = await readyRow(ctx, input);
    const token = String(input.token);
    return { expires_at: new Date(row.expiresAt as Date).toISOString(), ...dataExportFilePaths(token) };
  }

  /** GET /api/v1/account/data-exports/{token}/data.json and …/reservations.csv: the files. */
  async function download(ctx: Ctx, input: DataExportRef & { file?: string }): Promise<FileAnswer> {
    const row = await readyRow(ctx, input, true);
    const day = todayInJapan(new Date(row.readyAt ?? row.createdAt));
    return input.file === 'csv'
      ? { filename: `tabitoko-reservations-${day}.csv`, type: 'text/csv; charset=utf-8', body: row.csvBody ?? '' }
      : { filename: `tabitoko-data-${day}.json`, type: 'application/json; charset=utf-8', body: row.jsonBody ?? '' };
  }

  /** Drops the files of expired links. */
  async function expireOld(): Promise<void> {
    await orm.em.fork().execute(
      `UPDATE data_exports SET status = 'expired', json_body = NULL, csv_body = NULL, token_hash = NULL, updated_at = now()
       WHERE status = 'ready' AND expires_at <= now()`,
    );
  }

  /** Builds one claimed request; true when there was one to claim. */
  async function buildOne(): Promise<boolean> {
    const em = orm.em.fork();
    const [claimed] = await em.execute<{ id: number; user_id: number; attempts: number }[]>(
      `UPDATE data_exports d SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1, updated_at = now()
       WHERE d.id = (SELECT id FROM data_exports WHERE status = 'pending' AND (locked_until IS NULL OR locked_until < now())
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING d.id, d.user_id, d.attempts`,
    );
    if (!claimed) return false;
    try {
      const files = await buildDataExport(em, claimed.user_id);
      if (!files) {
        await em.execute('DELETE FROM data_exports WHERE id = ?', [claimed.id]);
        return true;
      }
      const token = randomBytes(32).toString('base64url');
      await transaction(orm.em.fork(), async (tx) => {
        const [stored] = await tx.execute<{ expires_at: Date }[]>(
          `UPDATE data_exports SET status = 'ready', token_hash = ?, json_body = ?, csv_body = ?, ready_at = now(),
             expires_at = now() + make_interval(days => ${DATA_EXPORT_VALID_DAYS}), locked_until = NULL, last_error = NULL, updated_at = now()
           WHERE id = ? AND status = 'pending' RETURNING expires_at`,
          [sha256(token), files.json, files.csv, claimed.id],
        );
        if (!stored) return;
        const [user] = await tx.execute<{ name: string; email: string }[]>('SELECT name, email FROM users WHERE id = ?', [claimed.user_id]);
        if (!user) return;
        const until = formatInstantDateTimeJa(stored.expires_at);
        await enqueueMail(tx, [
          {
            dedupeKey: `data_export:${claimed.id}`,
            to: user.email,
            footer: 'user',
            subject: t.mailSubject,
            text: mailText({ name: user.name, body: t.mailBody({ url: `${baseUrl}${DATA_EXPORT_PAGE_PATH}/${token}`, until }), baseUrl }),
          },
        ]);
      });
    } catch (error) {
      log.error({ err: error, dataExportId: claimed.id }, 'data export failed');
      await em.execute(
        `UPDATE data_exports SET status = CASE WHEN attempts >= ? THEN 'failed' ELSE status END, last_error = ?,
           locked_until = now() + make_interval(secs => 60 * attempts), updated_at = now()
         WHERE id = ? AND status = 'pending'`,
        [MAX_ATTEMPTS, String((error as Error)?.message ?? error).slice(0, 2000), claimed.id],
      );
    }
    return true;
  }

  /** The worker's job: drops expired files, then builds pending requests, oldest first. Returns how many it handled. */
  async function buildDue(options: { limit?: number } = {}): Promise<number> {
    await expireOld();
    const limit = options.limit ?? 5;
    let handled = 0;
    while (handled < limit && (await buildOne())) handled += 1;
    return handled;
  }

  return { latest, request, link, download, buildDue };
}

export type DataExportsService = ReturnType<typeof createDataExportsService>;
