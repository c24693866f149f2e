import type { Command } from 'commander';
import { migrate } from '#src/lib/orm';
import { ja } from '#src/i18n/ja';
import { runCommand } from '#cli/run';
import { isDatabaseEmpty, seedDemo } from '#server/boot';

/** Demo data with demo accounts: refused under NODE_ENV=production unless --force (issue 12). */
export function dbSeed(program: Command): void {
  program
    .command('db:seed')
    .description(ja.cliHelp.dbSeed)
    .option('--force', ja.cliHelp.dbSeedForce)
    .action((options: { force?: boolean }) =>
      runCommand(
        async ({ orm }) => {
          await migrate(orm);
          if (!options.force && !(await isDatabaseEmpty(orm))) {
            console.log(ja.cli.seedSkipped);
            return;
          }
          await seedDemo(orm);
          console.log(ja.cli.seeded);
        },
        { destructive: true, force: options.force, name: 'db:seed' },
      ),
    );
}
