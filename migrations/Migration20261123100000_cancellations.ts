import { Migration } from '@mikro-orm/migrations';

// Cancellation and refunds: who cancelled, the host's reason and the refund amount on the
// reservation; one refunds row per refunded reservation (retried by the worker while pending); the test gateway's
// refunds; attachments (.ics) on outbox mails.

export class Migration20261123100000_cancellations extends Migration {
  override name = 'Migration20261123100000_cancellations';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "test_refunds" ("id" varchar(64) not null, "idempotency_key" varchar(255) not null, "payment_intent_id" varchar(64) not null, "amount" int not null, "created_at" timestamptz not null default now(), primary key ("id"));`,
    );
    this.addSql(`alter table "test_refunds" add constraint "test_refunds_idempotency_key_unique" unique ("idempotency_key");`);
    this.addSql(`create index "test_refunds_payment_intent_id_index" on "test_refunds" ("payment_intent_id");`);

    this.addSql(
      `create table "refunds" ("id" serial primary key, "reservation_id" int not null, "amount" int not null, "status" text not null default 'pending', "idempotency_key" varchar(255) not null, "gateway_reference" varchar(255) null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null default now(), "last_error" text null, "succeeded_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`,
    );
    this.addSql(`alter table "refunds" add constraint "refunds_reservation_id_unique" unique ("reservation_id");`);
    this.addSql(`alter table "refunds" add constraint "refunds_idempotency_key_unique" unique ("idempotency_key");`);
    this.addSql(`create index "refunds_pending_index" on "refunds" ("next_attempt_at") where status = 'pending';`);

    this.addSql(`alter table "mail_outbox" add "attachments" jsonb null;`);

    this.addSql(
      `alter table "reservations" add "cancelled_by" text null, add "cancellation_reason" text null, add "refund_amount" int null;`,
    );
    this.addSql(
      `alter table "reservations" add constraint "reservations_refund_amount_range" check (refund_amount is null or (refund_amount >= 0 and refund_amount <= total_amount));`,
    );
    this.addSql(`alter table "reservations" add constraint "reservations_cancelled_by_check" check ("cancelled_by" in ('guest', 'host'));`);

    this.addSql(`alter table "test_refunds" add constraint "test_refunds_amount_positive" check (amount > 0);`);

    this.addSql(
      `alter table "refunds" add constraint "refunds_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete restrict;`,
    );
    this.addSql(`alter table "refunds" add constraint "refunds_amount_positive" check (amount > 0);`);
    this.addSql(`alter table "refunds" add constraint "refunds_attempts_non_negative" check (attempts >= 0);`);
    this.addSql(`alter table "refunds" add constraint "refunds_succeeded_at" check (status <> 'succeeded' or succeeded_at is not null);`);
    this.addSql(`alter table "refunds" add constraint "refunds_status_check" check ("status" in ('pending', 'succeeded'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "test_refunds" cascade;`);
    this.addSql(`drop table if exists "refunds" cascade;`);

    this.addSql(`alter table "mail_outbox" drop column "attachments";`);

    this.addSql(`alter table "reservations" drop constraint "reservations_refund_amount_range";`);
    this.addSql(`alter table "reservations" drop constraint "reservations_cancelled_by_check";`);
    this.addSql(`alter table "reservations" drop column "cancelled_by", drop column "cancellation_reason", drop column "refund_amount";`);
  }
}
