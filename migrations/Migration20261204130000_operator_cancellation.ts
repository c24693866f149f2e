import { Migration } from '@mikro-orm/migrations';

// An operator (the administrator area or the CLI) may cancel a reservation for its guest: `cancelled_by` names them.
export class Migration20261204130000_operator_cancellation extends Migration {
  override name = 'Migration20261204130000_operator_cancellation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "reservations" drop constraint "reservations_cancelled_by_check";`);
    this.addSql(
      `alter table "reservations" add constraint "reservations_cancelled_by_check" check ("cancelled_by" in ('guest', 'host', 'operator'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "reservations" drop constraint "reservations_cancelled_by_check";`);
    this.addSql(`alter table "reservations" add constraint "reservations_cancelled_by_check" check ("cancelled_by" in ('guest', 'host'));`);
  }
}
