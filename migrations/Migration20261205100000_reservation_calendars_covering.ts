import { Migration } from '@mikro-orm/migrations';

// The index of a slot's reservations carries the reservation's id, so "the reservations with a slot on these days"
// (the admin's reservations list filtered by slot days, the seat counts) reads the index alone, without visiting
// the table's rows.
export class Migration20261205100000_reservation_calendars_covering extends Migration {
  override name = 'Migration20261205100000_reservation_calendars_covering';

  override up(): void | Promise<void> {
    this.addSql(`drop index "reservation_calendars_calendar_id_index";`);
    this.addSql(
      `create index "reservation_calendars_calendar_id_index" on "reservation_calendars" ("calendar_id") include ("reservation_id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "reservation_calendars_calendar_id_index";`);
    this.addSql(`create index "reservation_calendars_calendar_id_index" on "reservation_calendars" ("calendar_id");`);
  }
}
