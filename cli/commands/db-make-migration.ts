import type { Command } from 'commander';
import { runCommand } from '#cli/run';

export function dbMakeMigration(program: Command): void {
  program
    .command('db:make-migration')
    .description('Developers: write a migration for the difference between the entities and the database')
    .option('--blank', 'write an empty migration to fill by hand')
    .action((options: { blank?: boolean }) =>
      runCommand(async ({ orm }) => {
        await orm.migrator.up();
        const result = await orm.migrator.create(undefined, !!options.blank);
        console.log(result.fileName ? `migrations/${result.fileName}` : 'No changes: the database matches the entities.');
      }),
    );
}
