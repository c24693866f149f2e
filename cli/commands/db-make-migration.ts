import type { Command } from 'commander';
import { runDatabaseCommand } from '#cli/run';
import * as ja from '#src/i18n/ja';

export function dbMakeMigration(program: Command): void {
  program
    .command('db:make-migration')
    .description(ja.cliHelp.dbMakeMigration)
    .option('--blank', ja.cliHelp.dbMakeMigrationBlank)
    .action((options: { blank?: boolean }) =>
      runDatabaseCommand(async ({ orm }) => {
        await orm.migrator.up();
        const result = await orm.migrator.create(undefined, !!options.blank);
        console.log(result.fileName ? `migrations/${result.fileName}` : ja.cliFailures.noMigrationChanges);
      }),
    );
}
