// Operator CLI: `npm run cli -- <command> --help`. Each command is a thin wrapper over a service (cli/run.ts has
// the behaviour they share). commander's own errors are turned into one Japanese line and exit code 1.
import { Command, type CommanderError } from 'commander';
import * as ja from '#src/i18n/ja';
import { dbMigrate } from './commands/db-migrate';
import { dbSeed } from './commands/db-seed';
import { createAdmin } from './commands/create-admin';
import { dbMakeMigration } from './commands/db-make-migration';
import { approveExperience } from './commands/approve-experience';
import { addAmbassador } from './commands/add-ambassador';
import { exportInquiries } from './commands/export-inquiries';
import { createCoupon, deactivateCoupon, listCoupons } from './commands/coupons';
import { inviteBrandMember, listBrandMembers, removeBrandMember } from './commands/brand-members';
import { addAmbassadorMember, removeAmbassadorMember } from './commands/ambassador-members';
import { listInquiries, resolveInquiry } from './commands/inquiries';
import { listExperiences, rejectExperience } from './commands/experiences';
import { listRefunds, retryRefund } from './commands/refunds';
import { cancelReservation } from './commands/cancel-reservation';
import { listReservations, showReservation } from './commands/reservations';
import { payoutsExport, payoutsList, payoutsMarkPaid, payoutsPrepare } from './commands/payouts';
import { leaveUser } from './commands/leave-user';
import { receiptCopy } from './commands/receipt-copy';

/** commander's English error as one Japanese line (the quoted names stay as typed). */
function translate(error: CommanderError): string {
  const quoted = [...error.message.matchAll(/'([^']+)'/g)].map((m) => m[1]);
  const c = ja.cli;
  switch (error.code) {
    case 'commander.unknownCommand':
      return c.unknownCommand(quoted[0] ?? '');
    case 'commander.unknownOption':
      return c.unknownOption(quoted[0] ?? '');
    case 'commander.missingArgument':
      return c.missingArgument(quoted[0] ?? '');
    case 'commander.optionMissingArgument':
      return c.optionMissingArgument(quoted[0] ?? '');
    case 'commander.missingMandatoryOptionValue':
      return c.missingMandatoryOption(quoted[0] ?? '');
    case 'commander.excessArguments':
      return c.excessArguments;
    case 'commander.invalidArgument': {
      const choices = /Allowed choices are (.+)\./.exec(error.message)?.[1];
      const argument = /for argument '([^']+)'/.exec(error.message)?.[1];
      const name = argument
        ? `<${argument}>`
        : (/option '([^']+)'/.exec(error.message)?.[1] ?? quoted[quoted.length - 1] ?? '').split(/[ ,]/)[0];
      // A parser of ours (pageOption) says the allowed range itself, in Japanese, after commander's sentence.
      const own = /is invalid(?: for argument '[^']+')?\. (.+)$/s.exec(error.message)?.[1];
      if (choices) return c.invalidChoice(name, choices);
      return own ? c.invalidValue(name, own) : c.invalidNumber(name);
    }
    case 'commander.conflictingOption':
      return c.conflictingOptions(quoted[0]?.split(/[ ,]/)[0] ?? '', quoted[1]?.split(/[ ,]/)[0] ?? '');
    default:
      return error.message.replace(/^error: /, '');
  }
}

const program = new Command()
  .name('npm run cli --')
  .description(ja.cliHelp.program)
  .helpOption('-h, --help', ja.cliHelp.help)
  .helpCommand('help [command]', ja.cliHelp.helpCommand)
  // Errors are printed once, in Japanese, by exitOverride below.
  .configureOutput({ outputError: () => {} })
  .exitOverride((error) => {
    if (error.exitCode === 0 || error.code === 'commander.help' || error.code === 'commander.helpDisplayed') {
      process.exit(error.exitCode);
    }
    console.error(`${translate(error)} ${ja.cli.usageHint}`);
    process.exit(1);
  });

dbMigrate(program);
dbSeed(program);
createAdmin(program);
dbMakeMigration(program);
inviteBrandMember(program);
listBrandMembers(program);
removeBrandMember(program);
addAmbassador(program);
addAmbassadorMember(program);
removeAmbassadorMember(program);
listInquiries(program);
resolveInquiry(program);
exportInquiries(program);
listExperiences(program);
leaveUser(program);
receiptCopy(program);
approveExperience(program);
rejectExperience(program);
createCoupon(program);
listCoupons(program);
deactivateCoupon(program);
listReservations(program);
showReservation(program);
listRefunds(program);
retryRefund(program);
cancelReservation(program);
payoutsPrepare(program);
payoutsList(program);
payoutsExport(program);
payoutsMarkPaid(program);

await program.parseAsync(process.argv);
