// Page-shaped reads straight on the pg pool. A fixed read is a named prepared statement: PostgreSQL parses
// it once per connection and, once a generic plan is as good, stops planning it (the page's id lookups take longer to plan
// than to run). MikroORM's raw execute (through kysely) cost the server as much per read as the answer itself
// (docs/performance-log.md has the measurement). Server-only.
//
// The statements run on the ORM's own pg pool (the same type parsers as the ORM's own execute), outside any
// unit of work: use them for reads that need no transaction. Writes stay with the ORM.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool, PoolClient, QueryConfig, QueryResult } from 'pg';

export interface ReadStatement {
  /**
   * Made from the statement's text, so two texts never share a name (PostgreSQL refuses a name prepared twice with
   * different texts on one connection); undefined: an unnamed statement, planned each time.
   */
  readonly name: string | undefined;
  /** The SQL with $1, $2, … placeholders. */
  readonly text: string;
}

/** `?` placeholders (MikroORM's style) become $1, $2, … in order; a `?` inside a quoted literal is left alone. */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|\?/g, (token) => (token === '?' ? `$${++n}` : token));
}

/** The prepared statement's name for a text: a digest of it, so a changed text is a new statement by itself. */
export function statementName(prefix: string, text: string): string {
  return `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
}

/** Declares a fixed read statement once per process (module scope), prepared under a name made from its text. */
export function readStatement(sql: string): ReadStatement {
  const text = numberPlaceholders(sql);
  return { name: statementName('read', text), text };
}

/**
 * What the reads need of the ORM: its pool and its logger. Any EntityManager has them; a request's context gives the
 * ORM's root one (`ctx.sql`), so a read does not fork an EntityManager it would never use. Or one pooled connection
 * held for several reads (withConnection), or another pool on the same database (PoolReader: the session store's).
 */
export type SqlReader = Pick<EntityManager, 'getConnection' | 'config'> | HeldConnection | PoolReader;

/** A pooled connection held for several reads, with the ORM's logger (withConnection). */
export interface HeldConnection {
  readonly held: PoolClient;
  readonly config: EntityManager['config'];
}

/** Another pg pool on the same database (the session store's), with the ORM's logger. */
export interface PoolReader {
  readonly pool: Pool;
  readonly config: EntityManager['config'];
}

/** The pool a reader that holds no connection reads from: its own (PoolReader) or the ORM's. */
function poolOf(reader: Exclude<SqlReader, HeldConnection>): Promise<Pool> | Pool {
  return 'pool' in reader ? reader.pool : reader.getConnection().getNativeClient();
}

function clientOf(reader: SqlReader): Promise<Pool> | Pool | PoolClient {
  return 'held' in reader ? reader.held : poolOf(reader);
}

/**
 * Runs `fn` with one pooled connection for all its reads, released after (destroyed if `fn` failed, in case the
 * connection is what failed). A read that depends on an earlier one (a search's counts after its page) then runs at
 * once, instead of queueing a second time for a connection behind other requests' first reads (with 20 searches at
 * once and a pool of 10, every empty search waited in that queue twice).
 */
export async function withConnection<T>(reader: SqlReader, fn: (held: SqlReader) => Promise<T>): Promise<T> {
  if ('held' in reader) return fn(reader);
  const client = await (await poolOf(reader)).connect();
  try {
    const result = await fn({ held: client, config: reader.config });
    client.release();
    return result;
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

/** How many stale connections one read may meet before it gives up: more than a pool holds. */
const STALE_PLAN_RETRIES = 32;

function isStalePlan(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(String((error as { message?: unknown }).message))
  );
}

/**
 * One statement through pg's callback form. Its promise form, on a held connection, left each result reachable across
 * the next two minor collections, so the rows of every search were moved to the old generation and collected by the
 * major collections that then ran about once a second under load (seen with `--trace-gc-nvp`,
 * docs/performance-log.md); answered through the callback, they die young.
 */
function runQuery(client: Pool | PoolClient, query: QueryConfig): Promise<QueryResult> {
  return new Promise((resolve, reject) => {
    client.query(query, (error: Error | undefined, result: QueryResult) => (error ? reject(error) : resolve(result)));
  });
}

/** Runs a read statement (on a pooled connection, or the one held) and returns its rows (logged like the ORM's own queries). */
export async function readRows<Row>(em: SqlReader, statement: ReadStatement, values: readonly unknown[]): Promise<Row[]> {
  const client = await clientOf(em);
  const started = performance.now();
  const query = { name: statement.name, text: statement.text, values: values as unknown[] };
  let result: QueryResult;
  for (let attempt = 1; ; attempt++) {
    try {
      result = await runQuery(client, query);
      break;
    } catch (error) {
      // A process that prepared the statement before a migration changed the types of its result columns: PostgreSQL
      // refuses that connection's plan. The pool destroys a connection whose query failed, so the next try prepares
      // the statement anew elsewhere; each stale connection fails once, and a held one fails its caller.
      if ('held' in em || !isStalePlan(error) || attempt > STALE_PLAN_RETRIES) throw error;
    }
  }
  em.config.getLogger().logQuery({
    query: statement.text,
    params: values as unknown[],
    took: Math.round(performance.now() - started),
    results: result.rowCount ?? 0,
    level: 'info',
  });
  return result.rows as Row[];
}
