import type { Command } from 'commander';
import { migrateLocked } from '#src/root';
import { ja } from '#src/i18n/ja';
import { isDatabaseEmpty, seedDemo } from '#seeds/demo';
import { runCommand } from '#cli/run';
import { ForbiddenError } from '#src/lib/errors';

export function dbSeed(program: Command): void {
  program
    .command('db:seed')
    .description('Load the demo data (demo accounts included) into an empty database. Never run it in production.')
    .option('--force', 'load even when the database already has users')
    .action((options: { force?: boolean }) =>
      runCommand(async ({ orm, services, databaseUrl }) => {
        if (services.env.NODE_ENV === 'production') {
          throw new ForbiddenError(ja.cli.seedRefusedInProduction);
        }
        await migrateLocked(orm, databaseUrl);
        if (!options.force && !(await isDatabaseEmpty(orm))) {
          console.log(ja.cli.seedSkipped);
          return;
        }
        await seedDemo(orm);
        console.log(ja.cli.seeded);
      }),
    );
}
