import { Migration } from '@mikro-orm/migrations';

// Search by date: the slots accepting reservations by date, with what the availability check reads, so a
// date search without other filters reads one day's index entries instead of every slot.
export class Migration20261123130100_search_dates extends Migration {
  override name = 'Migration20261123130100_search_dates';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "calendars_bookable_date_index" on "calendars" ("date", "experience_id") include ("start_time", "recruitment_number", "participant_number") where accepting_reservation;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql('drop index if exists "calendars_bookable_date_index";');
  }
}
