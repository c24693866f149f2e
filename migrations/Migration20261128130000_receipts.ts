import { Migration } from '@mikro-orm/migrations';

// The guests' receipts (src/modules/receipts/receipts.entity.ts): one row per reservation, its number fixed by the
// first issuance.
export class Migration20261128130000_receipts extends Migration {
  override name = 'Migration20261128130000_receipts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "receipts" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "reservation_id" int not null, "number" varchar(20) not null, "addressee" varchar(100) not null, "purpose" varchar(100) not null, "issued_count" int not null default 1);`,
    );
    this.addSql(`alter table "receipts" add constraint "receipts_reservation_id_unique" unique ("reservation_id");`);
    this.addSql(`alter table "receipts" add constraint "receipts_number_unique" unique ("number");`);
    this.addSql(
      `alter table "receipts" add constraint "receipts_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete restrict;`,
    );
    this.addSql(`alter table "receipts" add constraint "receipts_issued_count_positive" check (issued_count >= 1);`);
    this.addSql(`alter table "receipts" add constraint "receipts_number_format" check (number ~ '^R[0-9]{8,}$');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "receipts" cascade;`);
  }
}
