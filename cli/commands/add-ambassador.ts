// `add-ambassador`: the operator's office adds ambassadors (guest-and-host.md §1). A thin wrapper over
// ambassadors.create, so the rules and Japanese messages are the API's (admin-and-brand-portal.md §5). Running it
// twice by mistake would publish two identical ambassadors, so a name that already exists is refused unless
// --allow-duplicate says it is meant (two schools of one name in different towns).
import type { Command } from 'commander';
import type { AmbassadorFormInput } from '#src/modules/ambassadors/ambassadors.schemas';
import * as ja from '#src/i18n/ja';
import { runCommand } from '#cli/run';
import { CliRefusal } from '#cli/lib/refusals';
import { ambassadorIdsNamed } from '#cli/lib/lookup';

interface Options {
  name?: string;
  description?: string;
  address?: string;
  homepageUrl?: string;
  instagram?: string;
  x?: string;
  published?: boolean;
  allowDuplicate?: boolean;
}

export function addAmbassador(program: Command): void {
  program
    .command('add-ambassador')
    .description(ja.cliHelp.addAmbassador)
    // Not requiredOption: missing values reach the service and get the same Japanese messages as the API.
    .option('--name <name>', ja.cliHelp.ambassadorName)
    .option('--description <text>', ja.cliHelp.ambassadorDescription)
    .option('--address <address>', ja.cliHelp.ambassadorAddress)
    .option('--homepage-url <url>', ja.cliHelp.ambassadorHomepage)
    .option('--instagram <username>', ja.cliHelp.ambassadorInstagram)
    .option('--x <username>', ja.cliHelp.ambassadorX)
    .option('--published', ja.cliHelp.ambassadorPublished)
    .option('--no-published', ja.cliHelp.ambassadorPrivate)
    .option('--allow-duplicate', ja.cliHelp.allowDuplicate)
    .action((options: Options) =>
      runCommand(async ({ services, ctx }) => {
        const twins = options.allowDuplicate ? [] : await ambassadorIdsNamed(ctx, options.name);
        if (twins.length > 0) throw new CliRefusal(ja.cliFailures.ambassadorDuplicate(options.name?.trim() ?? '', twins.join(', ')));
        // An option not given stays undefined on purpose: the service answers it with the API's Japanese message.
        const ambassador = await services.ambassadors.create(ctx, {
          name: options.name,
          description: options.description,
          address: options.address,
          homepage_url: options.homepageUrl,
          instagram_username: options.instagram,
          x_username: options.x,
          published: options.published,
        } as AmbassadorFormInput);
        console.log(ja.cli.ambassadorCreated(ambassador.id, ambassador.name));
      }),
    );
}
