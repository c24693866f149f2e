import { Migration } from '@mikro-orm/migrations';

// Password reset requests waiting for the worker (src/modules/password-resets): the request only records the address,
// so its answer takes the same time whether or not an account exists; the worker looks the account up, makes the
// token and queues the mail. One row per door and address (a repeated request before the worker ran adds nothing).
export class Migration20261128100000_password_reset_requests extends Migration {
  override name = 'Migration20261128100000_password_reset_requests';

  override up(): void | Promise<void> {
    this.addSql(`create table "password_reset_requests" (
      "id" bigserial primary key,
      "door" varchar(16) not null check ("door" in ('user', 'brand')),
      "email" varchar(255) not null,
      "created_at" timestamptz not null default now(),
      constraint "password_reset_requests_door_email_unique" unique ("door", "email")
    );`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "password_reset_requests";`);
  }
}
