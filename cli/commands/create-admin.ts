// `create-admin`: creates an ADMIN, or promotes an existing account and says so (its role before, and that its
// name and password stay as they were). A password is checked in both cases: a mistyped one is refused.
import type { Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { runCommand } from '#cli/run';

export function createAdmin(program: Command): void {
  program
    .command('create-admin')
    .description(ja.cliHelp.createAdmin)
    .requiredOption('--email <email>', ja.cliHelp.createAdminEmail)
    .option('--name <name>', ja.cliHelp.createAdminName, '管理者')
    .option('--password <password>', ja.cliHelp.createAdminPassword)
    .action((options: { email: string; name: string; password?: string }) =>
      runCommand(async ({ services, ctx }) => {
        const { actor, created, previousRole } = await services.users.createAdmin(ctx, {
          email: options.email,
          name: options.name,
          password: options.password ?? process.env.ADMIN_PASSWORD,
        });
        if (created) return console.log(ja.cli.adminCreated(actor.email));
        const f = ja.cliFailures;
        console.log(
          previousRole === 'ADMIN' ? f.adminAlready(actor.email) : f.adminPromoted(actor.email, ja.roles[previousRole ?? 'USER']),
        );
        if (options.password !== undefined) console.log(f.adminPasswordUnused);
      }),
    );
}
