import { Migration } from '@mikro-orm/migrations';

// General inquiries (/inquiry) name the reservation they are about: the number the guest typed, and the reservation
// it was linked to when that number is the sender's own reservation (the admin list shows it).
export class Migration20261128100000_contact_inquiry_reservation extends Migration {
  override name = 'Migration20261128100000_contact_inquiry_reservation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "contact_inquiries" add column "reservation_number" int null, add column "reservation_id" int null;`);
    this.addSql(
      `alter table "contact_inquiries" add constraint "contact_inquiries_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete set null;`,
    );
    this.addSql(`create index "contact_inquiries_reservation_id_index" on "contact_inquiries" ("reservation_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "contact_inquiries_reservation_id_index";`);
    this.addSql(`alter table "contact_inquiries" drop constraint if exists "contact_inquiries_reservation_id_foreign";`);
    this.addSql(`alter table "contact_inquiries" drop column "reservation_number", drop column "reservation_id";`);
  }
}
