import { Migration } from '@mikro-orm/migrations';

// キャンセル待ち: the line of guests waiting for seats of a full slot. An offer is a pending reservation holding the
// seats (the seat-hold rows bookings use); the partial unique indexes keep one active entry per guest and slot and
// one entry per offered hold.
export class Migration20261129150000_waitlist extends Migration {
  override name = 'Migration20261129150000_waitlist';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "waitlist_entries" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int not null, "calendar_id" int not null, "number_of_people" int not null, "status" text check ("status" in ('waiting', 'offered', 'booked', 'lapsed', 'left', 'closed')) not null default 'waiting', "reservation_id" int null, "offered_at" timestamptz null);`,
    );
    this.addSql(`create index "waitlist_entries_line_index" on "waitlist_entries" ("calendar_id", "id") where status = 'waiting';`);
    this.addSql(`create index "waitlist_entries_user_id_created_at_index" on "waitlist_entries" ("user_id", "created_at");`);
    this.addSql(
      `create unique index "waitlist_entries_one_active_unique" on "waitlist_entries" ("user_id", "calendar_id") where status in ('waiting', 'offered');`,
    );
    this.addSql(`alter table "waitlist_entries" add constraint "waitlist_entries_reservation_id_unique" unique ("reservation_id");`);
    this.addSql(
      `alter table "waitlist_entries" add constraint "waitlist_entries_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "waitlist_entries" add constraint "waitlist_entries_calendar_id_foreign" foreign key ("calendar_id") references "calendars" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "waitlist_entries" add constraint "waitlist_entries_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "waitlist_entries" add constraint "waitlist_entries_number_of_people_positive" check (number_of_people >= 1);`,
    );
    this.addSql(
      `alter table "waitlist_entries" add constraint "waitlist_entries_offer_has_hold" check (status <> 'offered' or (reservation_id is not null and offered_at is not null));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "waitlist_entries" cascade;`);
  }
}
