import { Migration } from '@mikro-orm/migrations';

// Details: password reset for marketplace users, the brand portal's shape (a sha256 of a random token,
// single use, one hour from reset_password_sent_at).
export class Migration20261123140000_user_password_reset extends Migration {
  override name = 'Migration20261123140000_user_password_reset';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add column "reset_password_token_hash" varchar(128) null, add column "reset_password_sent_at" timestamptz null;`,
    );
    this.addSql(`alter table "users" add constraint "users_reset_password_token_hash_unique" unique ("reset_password_token_hash");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint if exists "users_reset_password_token_hash_unique";`);
    this.addSql(`alter table "users" drop column "reset_password_token_hash", drop column "reset_password_sent_at";`);
  }
}
