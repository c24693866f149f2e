// `add-ambassador`: the operator's office adds ambassadors (guest-and-host.md §1). A thin wrapper over
// ambassadors.create, so the rules and Japanese messages are the API's (admin-and-brand-portal.md §5).
import { operator } from '#src/lib/context';
import type { Command } from 'commander';
import { ja } from '#src/i18n/ja';
import { runCommand } from '#cli/run';

interface Options {
  name?: string;
  description?: string;
  address?: string;
  homepageUrl?: string;
  instagram?: string;
  x?: string;
  published?: boolean;
}

export function addAmbassador(program: Command): void {
  program
    .command('add-ambassador')
    .description('Add an ambassador (a shop, school or local government); published or private')
    // Not requiredOption: missing values reach the service and get the same Japanese messages as the API.
    .option('--name <name>', 'name (1-100 characters, required)')
    .option('--description <text>', 'description (up to 1000 characters, required)')
    .option('--address <address>', 'address (optional)')
    .option('--homepage-url <url>', 'homepage URL, http(s) (optional)')
    .option('--instagram <username>', 'Instagram user name, up to 30 characters (optional)')
    .option('--x <username>', 'X (formerly Twitter) user name, up to 30 characters (optional)')
    .option('--published', 'publish the ambassador now (one of --published / --no-published is required)')
    .option('--no-published', 'keep the ambassador private')
    .action((options: Options) =>
      runCommand(async ({ services }) => {
        const ambassador = await services.ambassadors.create(services.context(operator()), {
          name: options.name,
          description: options.description,
          address: options.address,
          homepage_url: options.homepageUrl,
          instagram_username: options.instagram,
          x_username: options.x,
          published: options.published,
        });
        console.log(ja.cli.ambassadorCreated(ambassador.id, ambassador.name));
      }),
    );
}
