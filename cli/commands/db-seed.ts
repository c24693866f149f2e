import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { runDatabaseCommand } from '#cli/run';

/** Demo data with demo accounts: refused under NODE_ENV=production unless --force. */
export function dbSeed(program: Command): void {
  program
    .command('db:seed')
    .description(ja.cliHelp.dbSeed)
    .option('--force', ja.cliHelp.dbSeedForce)
    .action((options: { force?: boolean }) =>
      runDatabaseCommand(
        async ({ orm, databaseUrl, env }) => {
          const [{ migrateLocked }, { isDatabaseEmpty, seedDemo }] = await Promise.all([import('#src/root'), import('#seeds/demo')]);
          await migrateLocked(databaseUrl);
          if (!options.force && !(await isDatabaseEmpty(orm))) {
            console.log(ja.cli.seedSkipped);
            return;
          }
          await seedDemo(orm, env);
          console.log(ja.cli.seeded);
        },
        { destructive: true, force: options.force, name: 'db:seed' },
      ),
    );
}
