// The search's statements (stories-search.ts, their only user): its SQL is built at run time from the criteria, so
// whether a text is prepared depends on how much its conditions bound what it reads. Server-only.
import { numberPlaceholders, type ReadStatement, statementName } from '#src/lib/read-sql';

/**
 * A statement built at run time whose best plan depends on its values (a search: which filters, how selective the
 * keyword and the dates are). It runs unnamed, so PostgreSQL plans it for the values given every time: a prepared
 * statement's generic plan of the search's date-range count was many times slower than one planned for its values.
 */
export function oneShotStatement(sql: string): ReadStatement {
  return { name: undefined, text: numberPlaceholders(sql) };
}

/** At most this many run-time statement texts are prepared per process; later ones run unnamed. */
export const MAX_SHAPED_STATEMENTS = 64;
/** Text → name of the run-time statements prepared so far (a text is hashed once, not on every run). */
const shaped = new Map<string, string>();

/**
 * A statement built at run time whose plan does not depend much on its values, because one of its conditions bounds
 * the rows it can read whatever the values are (a search within a few prefectures). It is prepared under a name made
 * from its text, so each pooled connection parses it once and PostgreSQL may stop planning it: planning was most of
 * a narrow search's cost (more than its execution). PostgreSQL still plans each
 * of the first five runs for their values and keeps doing so when the generic plan is estimated to cost more. The
 * number of texts prepared per process is capped (MAX_SHAPED_STATEMENTS), so many different shapes cannot grow
 * every connection's cache without end; past the cap a text runs unnamed, as oneShotStatement.
 */
export function shapedStatement(sql: string): ReadStatement {
  const text = numberPlaceholders(sql);
  let name = shaped.get(text);
  if (name === undefined) {
    if (shaped.size >= MAX_SHAPED_STATEMENTS) return { name: undefined, text };
    name = statementName('shaped', text);
    shaped.set(text, name);
  }
  return { name, text };
}
