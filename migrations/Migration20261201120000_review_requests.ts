import { Migration } from '@mikro-orm/migrations';

// The reservations whose review request was queued (one row per reservation: the request goes out once, whatever the
// number of workers; src/modules/reviews/review-requests.ts).
export class Migration20261201120000_review_requests extends Migration {
  override name = 'Migration20261201120000_review_requests';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "review_requests" ("id" serial primary key, "reservation_id" int not null, "requested_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "review_requests" add constraint "review_requests_reservation_id_unique" unique ("reservation_id");`);
    this.addSql(
      `alter table "review_requests" add constraint "review_requests_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "review_requests" cascade;`);
  }
}
