import { Migration } from '@mikro-orm/migrations';

// The test payment gateway's intents (src/modules/payments/payments.entity.ts), shared by every server process.
export class Migration20261121300000_test_payment_intents extends Migration {
  override name = 'Migration20261121300000_test_payment_intents';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "test_payment_intents" ("id" varchar(64) not null, "create_key" varchar(255) not null, "confirm_key" varchar(255) null, "amount" int not null, "currency" varchar(3) not null default 'jpy', "description" varchar(500) null, "reservation_id" int null, "payment_token" varchar(255) null, "client_secret" varchar(128) not null, "status" text not null default 'requires_confirmation', "failure_code" varchar(64) null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), constraint "test_payment_intents_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "test_payment_intents" add constraint "test_payment_intents_create_key_unique" unique ("create_key");`);
    this.addSql(`create index "test_payment_intents_reservation_id_index" on "test_payment_intents" ("reservation_id");`);
    this.addSql(`create index "test_payment_intents_status_index" on "test_payment_intents" ("status");`);
    this.addSql(`alter table "test_payment_intents" add constraint "test_payment_intents_amount_positive" check (amount > 0);`);
    this.addSql(
      `alter table "test_payment_intents" add constraint "test_payment_intents_status_check" check ("status" in ('requires_confirmation', 'processing', 'requires_action', 'succeeded', 'declined', 'canceled'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "test_payment_intents" cascade;`);
  }
}
