import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { runDatabaseCommand } from '#cli/run';

export function dbMigrate(program: Command): void {
  program
    .command('db:migrate')
    .description(ja.cliHelp.dbMigrate)
    .action(() =>
      runDatabaseCommand(async ({ databaseUrl }) => {
        const { migrateLocked } = await import('#src/root');
        const applied = await migrateLocked(databaseUrl);
        console.log(applied ? ja.cli.migrated(applied) : ja.cli.upToDate);
      }),
    );
}
