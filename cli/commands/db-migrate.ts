import type { Command } from 'commander';
import { migrate } from '#src/lib/orm';
import { ja } from '#src/i18n/ja';
import { runCommand } from '#cli/run';

export function dbMigrate(program: Command): void {
  program
    .command('db:migrate')
    .description(ja.cliHelp.dbMigrate)
    .action(() =>
      runCommand(async ({ orm }) => {
        const applied = await migrate(orm);
        console.log(applied ? ja.cli.migrated(applied) : ja.cli.upToDate);
      }),
    );
}
