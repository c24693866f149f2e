import { Migration } from '@mikro-orm/migrations';

// E-mail addresses: the verification of a new account's address, changes of an account's address (both doors, with
// an undo link), and the settings link at the end of a mail. Every existing account counts as verified.
export class Migration20261129100000_email_changes extends Migration {
  override name = 'Migration20261129100000_email_changes';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add column "email_verified_at" timestamptz null, add column "email_verify_token_hash" varchar(128) null, add column "email_verify_sent_at" timestamptz null;`,
    );
    this.addSql(`alter table "users" add constraint "users_email_verify_token_hash_unique" unique ("email_verify_token_hash");`);
    this.addSql(`update "users" set "email_verified_at" = "created_at";`);
    this.addSql(`alter table "mail_outbox" add column "footer" text check ("footer" in ('user', 'brand')) null;`);
    this.addSql(
      `create table "email_changes" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "door" text check ("door" in ('user', 'brand')) not null, "account_id" int not null, "old_email" varchar(255) not null, "new_email" varchar(255) not null, "address_free" boolean not null, "confirm_token_hash" varchar(128) not null, "undo_token_hash" varchar(128) not null, "status" text check ("status" in ('pending', 'confirmed', 'cancelled', 'superseded', 'undone')) not null default 'pending', "expires_at" timestamptz not null, "confirmed_at" timestamptz null, "undo_until" timestamptz null, "undone_at" timestamptz null, constraint email_changes_emails_lower check (old_email = lower(old_email) and new_email = lower(new_email)), constraint email_changes_confirmed_dated check ((status in ('confirmed', 'undone')) = (confirmed_at is not null)));`,
    );
    this.addSql(`alter table "email_changes" add constraint "email_changes_confirm_token_hash_unique" unique ("confirm_token_hash");`);
    this.addSql(`alter table "email_changes" add constraint "email_changes_undo_token_hash_unique" unique ("undo_token_hash");`);
    this.addSql(`create index "email_changes_door_account_id_status_index" on "email_changes" ("door", "account_id", "status");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "email_changes" cascade;`);
    this.addSql(`alter table "mail_outbox" drop column "footer";`);
    this.addSql(
      `alter table "users" drop column "email_verified_at", drop column "email_verify_token_hash", drop column "email_verify_sent_at";`,
    );
  }
}
