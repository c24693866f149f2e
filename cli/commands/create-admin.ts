import { operator } from '#src/lib/context';
import type { Command } from 'commander';
import { ja } from '#src/i18n/ja';
import { runCommand } from '#cli/run';

export function createAdmin(program: Command): void {
  program
    .command('create-admin')
    .description(ja.cliHelp.createAdmin)
    .requiredOption('--email <email>', ja.cliHelp.createAdminEmail)
    .option('--name <name>', ja.cliHelp.createAdminName, '管理者')
    .option('--password <password>', ja.cliHelp.createAdminPassword)
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
