import { Migration } from '@mikro-orm/migrations';

// The administrators' reservations list (/admin/reservations, docs/decisions/admin-lists.md) is read newest first
// (created_at desc, id desc) by `pageOfIds`: one index in that order for the list without a filter and for a booking-day
// range, one led by the status for the status filter, so each is an index-only scan stopped at the list's bound. The
// slot-day filter finds the days' slots by the date whether they still take bookings or not (the search's date index
// holds only the slots that do).
export class Migration20261204100000_admin_reservations_list extends Migration {
  override name = 'Migration20261204100000_admin_reservations_list';

  override up(): void | Promise<void> {
    this.addSql(`create index "reservations_created_at_index" on "reservations" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "reservations_status_created_at_index" on "reservations" ("status", "created_at" desc, "id" desc);`);
    this.addSql(`create index "calendars_date_index" on "calendars" ("date");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "reservations_created_at_index";`);
    this.addSql(`drop index if exists "reservations_status_created_at_index";`);
    this.addSql(`drop index if exists "calendars_date_index";`);
  }
}
