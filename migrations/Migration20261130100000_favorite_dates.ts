import { Migration } from '@mikro-orm/migrations';

// The optional mail to guests when an experience they hearted adds dates.
//
// users.notify_favorite_dates: the guest's choice (account settings, also offered on /favorites). Off for every
// account: it is a mail nobody asked for until they turn it on.
//
// favorite_new_dates: one row per slot a host added to an existing experience, waiting to be announced; the job
// that mails the experience's favourites deletes the rows it announces (so each slot is announced at most once).
// favorite_date_mails: when an experience's new dates were last mailed (at most one mail a day per experience).
export class Migration20261130100000_favorite_dates extends Migration {
  override name = 'Migration20261130100000_favorite_dates';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "notify_favorite_dates" boolean not null default false;`);

    this.addSql(
      `create table "favorite_new_dates" ("id" serial primary key, "calendar_id" int not null, "experience_id" int not null, "added_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "favorite_new_dates" add constraint "favorite_new_dates_calendar_id_unique" unique ("calendar_id");`);
    this.addSql(`create index "favorite_new_dates_experience_id_added_at_index" on "favorite_new_dates" ("experience_id", "added_at");`);
    this.addSql(
      `alter table "favorite_new_dates" add constraint "favorite_new_dates_calendar_id_foreign" foreign key ("calendar_id") references "calendars" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "favorite_new_dates" add constraint "favorite_new_dates_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "favorite_date_mails" ("id" serial primary key, "experience_id" int not null, "mailed_at" timestamptz not null);`,
    );
    this.addSql(`alter table "favorite_date_mails" add constraint "favorite_date_mails_experience_id_unique" unique ("experience_id");`);
    this.addSql(
      `alter table "favorite_date_mails" add constraint "favorite_date_mails_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "favorite_date_mails" cascade;`);
    this.addSql(`drop table if exists "favorite_new_dates" cascade;`);
    this.addSql(`alter table "users" drop column "notify_favorite_dates";`);
  }
}
