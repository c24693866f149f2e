import { Migration } from '@mikro-orm/migrations';

// A queued mail's Reply-To: the office's notice of an inquiry answers to the sender, not to the no-reply sender.
export class Migration20261201140000_mail_reply_to extends Migration {
  override name = 'Migration20261201140000_mail_reply_to';

  override up(): void | Promise<void> {
    this.addSql(`alter table "mail_outbox" add column "reply_to" varchar(320) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "mail_outbox" drop column "reply_to";`);
  }
}
