import { Migration } from '@mikro-orm/migrations';

// Host side: the message thread of a reservation (guest <-> host, plain text, at most 2000
// characters) and the slots whose day-before reminders were queued (one row per slot: the reminders go out once).
export class Migration20261123110000_host_reservations extends Migration {
  override name = 'Migration20261123110000_host_reservations';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "reservation_messages" ("id" serial primary key, "reservation_id" int not null, "sender_id" int not null, "sender_side" text not null, "body" text not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "reservation_messages_reservation_id_created_at_index" on "reservation_messages" ("reservation_id", "created_at");`,
    );
    this.addSql(
      `alter table "reservation_messages" add constraint "reservation_messages_sender_side_check" check ("sender_side" in ('guest', 'host'));`,
    );
    this.addSql(
      `alter table "reservation_messages" add constraint "reservation_messages_body_length" check (char_length(body) >= 1 and char_length(body) <= 2000);`,
    );
    this.addSql(
      `alter table "reservation_messages" add constraint "reservation_messages_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reservation_messages" add constraint "reservation_messages_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `create table "slot_reminders" ("id" serial primary key, "calendar_id" int not null, "sent_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "slot_reminders" add constraint "slot_reminders_calendar_id_unique" unique ("calendar_id");`);
    this.addSql(
      `alter table "slot_reminders" add constraint "slot_reminders_calendar_id_foreign" foreign key ("calendar_id") references "calendars" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "slot_reminders" cascade;`);
    this.addSql(`drop table if exists "reservation_messages" cascade;`);
  }
}
