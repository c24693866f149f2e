import { Migration } from '@mikro-orm/migrations';

// The dashboards' weekly charts (src/modules/dashboards/dashboard-queries.ts) read one range of one timestamp each:
// bookings by confirmed_at with their total_amount (index only), cancellations by cancelled_at, refunds by
// created_at with their amount, sign-ups by created_at. Without them each chart reads its whole table.
export class Migration20261129140000_dashboard_indexes extends Migration {
  override name = 'Migration20261129140000_dashboard_indexes';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "reservations_confirmed_at_index" on "reservations" ("confirmed_at") include ("total_amount") where confirmed_at is not null;`,
    );
    this.addSql(`create index "reservations_cancelled_at_index" on "reservations" ("cancelled_at") where cancelled_at is not null;`);
    this.addSql(`create index "refunds_created_at_index" on "refunds" ("created_at") include ("amount");`);
    this.addSql(`create index "users_created_at_index" on "users" ("created_at");`);
  }

  override down(): void | Promise<void> {
    for (const name of [
      'reservations_confirmed_at_index',
      'reservations_cancelled_at_index',
      'refunds_created_at_index',
      'users_created_at_index',
    ]) {
      this.addSql(`drop index if exists "${name}";`);
    }
  }
}
