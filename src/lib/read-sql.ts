// Page-shaped reads straight on the pg pool (issue 16). A fixed read is a named prepared statement: PostgreSQL parses
// it once per connection and, once a generic plan is as good, stops planning it (the page's id lookups plan in about
// 1 ms and run in less). MikroORM's raw execute (through kysely) cost the server as much per read as the answer
// itself; the experience JSON went from 920 to about 1,650 requests a second in the same conditions. Server-only.
//
// The statements run on the ORM's own pg pool (the same type parsers as em.getConnection().execute), outside any
// unit of work: use them for reads that need no transaction. Writes stay with the ORM.
import type { EntityManager } from '@mikro-orm/postgresql';

export interface ReadStatement {
  /**
   * Unique per statement text (PostgreSQL refuses a name prepared twice with different texts on one connection);
   * undefined: an unnamed statement, planned each time.
   */
  readonly name: string | undefined;
  /** The SQL with $1, $2, … placeholders. */
  readonly text: string;
}

const registered = new Map<string, string>();

/** `?` placeholders (MikroORM's style) become $1, $2, … in order; a `?` inside a quoted literal is left alone. */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|\?/g, (token) => (token === '?' ? `$${++n}` : token));
}

/** Declares a read statement once per process (module scope); the name must not be reused for another text. */
export function readStatement(name: string, sql: string): ReadStatement {
  const text = numberPlaceholders(sql);
  const existing = registered.get(name);
  if (existing !== undefined && existing !== text) throw new Error(`read statement ${name} declared twice with different SQL`);
  registered.set(name, text);
  return { name, text };
}

/**
 * A statement built at run time whose best plan depends on its values (a search: which filters, how selective the
 * keyword and the dates are). It runs unnamed, so PostgreSQL plans it for the values given every time: a prepared
 * statement's generic plan of the search's date-range count took 32 ms against 1.3 ms planned for its values.
 */
export function oneShotStatement(sql: string): ReadStatement {
  return { name: undefined, text: numberPlaceholders(sql) };
}

/** Runs a read statement on a pooled connection and returns its rows (logged like the ORM's own queries). */
export async function readRows<Row>(em: EntityManager, statement: ReadStatement, values: readonly unknown[]): Promise<Row[]> {
  const pool = await em.getConnection().getNativeClient();
  const started = performance.now();
  const result = await pool.query({ name: statement.name, text: statement.text, values: values as unknown[] });
  em.config.getLogger().logQuery({
    query: statement.text,
    params: values as unknown[],
    took: Math.round(performance.now() - started),
    results: result.rowCount ?? 0,
    level: 'info',
  });
  return result.rows as Row[];
}
