import { Migration } from '@mikro-orm/migrations';

// A queued mail's footer is written into its text when it is queued (src/modules/mail/mail.footer.ts), and the row
// records which line that is: a security notice's line for either door joins the two settings lines. Rows already
// queued keep their text as it is.
export class Migration20261201130000_mail_footer_lines extends Migration {
  override name = 'Migration20261201130000_mail_footer_lines';

  override up(): void | Promise<void> {
    this.addSql(`alter table "mail_outbox" drop constraint if exists "mail_outbox_footer_check";`);
    this.addSql(
      `alter table "mail_outbox" add constraint "mail_outbox_footer_check" check ("footer" in ('user', 'brand', 'user_security', 'brand_security'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `update "mail_outbox" set "footer" = replace("footer", '_security', '') where "footer" in ('user_security', 'brand_security');`,
    );
    this.addSql(`alter table "mail_outbox" drop constraint if exists "mail_outbox_footer_check";`);
    this.addSql(`alter table "mail_outbox" add constraint "mail_outbox_footer_check" check ("footer" in ('user', 'brand'));`);
  }
}
