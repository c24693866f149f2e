// Loading the demo data, shared by the server's boot (embedded database only) and `npm run cli -- db:seed`.
import type { Env } from '#src/lib/env';
import type { MikroORM } from '#src/lib/orm';

/** True when no account exists yet: the only database the demo data is ever loaded into without --force. */
export async function isDatabaseEmpty(orm: MikroORM): Promise<boolean> {
  const rows = await orm.em.fork().execute<{ n: string }[]>('SELECT count(*)::text AS n FROM users');
  return rows[0]?.n === '0';
}

/** `env`: the app's settings, as parsed by the caller (npm start sets NODE_ENV for React and Vike only). */
export async function seedDemo(orm: MikroORM, env: Env): Promise<void> {
  // Loaded on demand: a production process never reads the demo data.
  const { DatabaseSeeder } = await import('#seeds/DatabaseSeeder');
  await new DatabaseSeeder(env).run(orm.em.fork());
}
