// The SQL statements a piece of work sends, as the ORM's logger sees them: every ORM query and every page-shaped read
// (src/lib/read-sql.ts readRows) is logged through it. Query-budget tests count them.
import type { MikroORM } from '#src/lib/orm';

export async function loggedQueries(orm: MikroORM, run: () => Promise<unknown>): Promise<string[]> {
  const logger = orm.config.getLogger() as unknown as { logQuery(context: { query: string }): void };
  const original = logger.logQuery;
  const queries: string[] = [];
  logger.logQuery = (context) => {
    queries.push(context.query);
  };
  try {
    await run();
  } finally {
    logger.logQuery = original;
  }
  return queries;
}
