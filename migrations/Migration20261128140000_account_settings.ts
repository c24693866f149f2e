import { Migration } from '@mikro-orm/migrations';

// The account page: which optional mails a user receives (day-before reminders, message notices). Every existing
// account keeps receiving them (the default), as it did before the setting existed.
export class Migration20261128140000_account_settings extends Migration {
  override name = 'Migration20261128140000_account_settings';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add column "notify_reminders" boolean not null default true, add column "notify_messages" boolean not null default true;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "notify_reminders", drop column "notify_messages";`);
  }
}
