// The SQL statements a piece of work sends, as the ORM's logger sees them: every ORM query and every page-shaped read
// (src/lib/read-sql.ts readRows) is logged through it. Query-budget tests count them; plan tests explain them with
// their parameters.
import type { MikroORM } from '#src/lib/orm';

export interface LoggedStatement {
  query: string;
  params: unknown[];
}

/** The statements `run` sends, with their parameters. */
export async function loggedStatements(orm: MikroORM, run: () => Promise<unknown>): Promise<LoggedStatement[]> {
  const logger = orm.config.getLogger() as unknown as { logQuery(context: { query: string; params?: unknown[] }): void };
  const original = logger.logQuery;
  const statements: LoggedStatement[] = [];
  logger.logQuery = (context) => {
    statements.push({ query: context.query, params: context.params ?? [] });
  };
  try {
    await run();
  } finally {
    logger.logQuery = original;
  }
  return statements;
}

/** The statements' texts `run` sends. */
export async function loggedQueries(orm: MikroORM, run: () => Promise<unknown>): Promise<string[]> {
  return (await loggedStatements(orm, run)).map((statement) => statement.query);
}
