// Operator CLI: `npm run cli -- <command> --help`. Each command is a thin wrapper over a service.
import { Command } from 'commander';
import { dbMigrate } from './commands/db-migrate';
import { dbSeed } from './commands/db-seed';
import { createAdmin } from './commands/create-admin';
import { dbMakeMigration } from './commands/db-make-migration';
import { approveExperience } from './commands/approve-experience';
import { addAmbassador } from './commands/add-ambassador';
import { inquiries, resolveInquiry } from './commands/admin-inquiries';
import { inviteBrandMember } from './commands/invite-brand-member';

const program = new Command()
  .name('npm run cli --')
  .description('たびとこ operator commands')
  .showHelpAfterError()
  .exitOverride((err) => {
    process.exit(err.exitCode);
  });

dbMigrate(program);
dbSeed(program);
createAdmin(program);
dbMakeMigration(program);
approveExperience(program);
addAmbassador(program);
inviteBrandMember(program);
inquiries(program);
resolveInquiry(program);

await program.parseAsync(process.argv);
