import { Migration } from '@mikro-orm/migrations';

// Leaving (退会) and the copy of one's data: when an account left (its row stays, anonymised, for what others and
// the law rely on), and the data-copy requests the worker builds (the files are kept in the row until they expire).
export class Migration20261129110000_leaving extends Migration {
  override name = 'Migration20261129110000_leaving';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "left_at" timestamptz null;`);
    this.addSql(
      `create table "data_exports" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "status" text not null default 'pending', "attempts" int not null default 0, "locked_until" timestamptz null, "last_error" text null, "token_hash" varchar(64) null, "json_body" text null, "csv_body" text null, "ready_at" timestamptz null, "expires_at" timestamptz null);`,
    );
    this.addSql(`alter table "data_exports" add constraint "data_exports_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "data_exports_user_id_created_at_index" on "data_exports" ("user_id", "created_at");`);
    this.addSql(`create unique index "data_exports_one_pending_per_user" on "data_exports" ("user_id") where status = 'pending';`);
    this.addSql(
      `alter table "data_exports" add constraint "data_exports_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "data_exports" add constraint "data_exports_status_check" check ("status" in ('pending', 'ready', 'expired', 'failed'));`,
    );
    this.addSql(`alter table "data_exports" add constraint "data_exports_attempts_non_negative" check (attempts >= 0);`);
    this.addSql(
      `alter table "data_exports" add constraint "data_exports_ready_shape" check (status <> 'ready' or (token_hash is not null and json_body is not null and csv_body is not null and expires_at is not null));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "data_exports" cascade;`);
    this.addSql(`alter table "users" drop column "left_at";`);
  }
}
