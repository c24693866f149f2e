import { operator } from '#src/lib/context';
import type { Command } from 'commander';
import { ja } from '#src/i18n/ja';
import { runCommand } from '#cli/run';

export function createAdmin(program: Command): void {
  program
    .command('create-admin')
    .description('Create an administrator, or promote an existing user to ADMIN')
    .requiredOption('--email <email>', 'e-mail address')
    .option('--name <name>', 'display name', '管理者')
    .option('--password <password>', 'password (8+ characters, letters and digits); defaults to $ADMIN_PASSWORD')
    .action((options: { email: string; name: string; password?: string }) =>
      runCommand(async ({ services }) => {
        const ctx = services.context(operator());
        const { actor, created } = await services.users.createAdmin(ctx, {
          email: options.email,
          name: options.name,
          password: options.password ?? process.env.ADMIN_PASSWORD,
        });
        console.log(created ? ja.cli.adminCreated(actor.email) : ja.cli.adminPromoted(actor.email));
      }),
    );
}
