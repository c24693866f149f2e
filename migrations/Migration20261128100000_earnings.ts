import { Migration } from '@mikro-orm/migrations';

// Earnings and payouts: payees (contract rate, bank account), the append-only ledger (a trigger refuses UPDATE,
// DELETE and TRUNCATE), the monthly payout batches and their items.
export class Migration20261128100000_earnings extends Migration {
  override name = 'Migration20261128100000_earnings';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "payout_batches" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "month" varchar(7) not null, "cutoff_at" timestamptz not null, "pay_date" date not null, "adapter" varchar(32) not null, "status" text not null default 'prepared', "exported_at" timestamptz null, "paid_at" timestamptz null);`,
    );
    this.addSql(`alter table "payout_batches" add constraint "payout_batches_month_unique" unique ("month");`);

    this.addSql(
      `create table "payees" ("id" serial primary key, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "user_id" int null, "ambassador_id" int null, "commission_rate_bp" int null, "bank_code" varchar(4) null, "branch_code" varchar(3) null, "account_type" text null, "account_number_encrypted" text null, "account_number_last3" varchar(3) null, "holder_name" varchar(30) null);`,
    );
    this.addSql(`alter table "payees" add constraint "payees_user_id_unique" unique ("user_id");`);
    this.addSql(`alter table "payees" add constraint "payees_ambassador_id_unique" unique ("ambassador_id");`);

    this.addSql(
      `create table "payout_items" ("id" serial primary key, "created_at" timestamptz not null default now(), "batch_id" int not null, "payee_id" int not null, "balance" int not null, "carried_in" int not null, "fee" int not null, "transfer_amount" int not null, "status" text not null, "bank_code" varchar(4) null, "branch_code" varchar(3) null, "account_type" text null, "account_number_encrypted" text null, "holder_name" varchar(30) null);`,
    );
    this.addSql(`create index "payout_items_payee_id_index" on "payout_items" ("payee_id");`);
    this.addSql(`alter table "payout_items" add constraint "payout_items_batch_id_payee_id_unique" unique ("batch_id", "payee_id");`);

    this.addSql(
      `create table "ledger_entries" ("id" serial primary key, "created_at" timestamptz not null default now(), "payee_id" int not null, "kind" text not null, "reservation_id" int null, "payout_batch_id" int null, "amount" int not null, "gross" int null, "commission" int null, "commission_tax" int null, "commission_rate_bp" int null, "available_at" timestamptz not null, "reason" text null, "actor" varchar(255) null);`,
    );
    this.addSql(`create index "ledger_entries_payee_available_index" on "ledger_entries" ("payee_id", "available_at");`);
    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_reservation_id_kind_unique" unique ("reservation_id", "kind");`,
    );
    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_payout_batch_id_payee_id_unique" unique ("payout_batch_id", "payee_id");`,
    );

    this.addSql(`alter table "payout_batches" add constraint "payout_batches_month_format" check (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$');`);
    this.addSql(`alter table "payout_batches" add constraint "payout_batches_paid_at" check (status <> 'paid' or paid_at is not null);`);
    this.addSql(`alter table "payout_batches" add constraint "payout_batches_status_check" check ("status" in ('prepared', 'paid'));`);

    this.addSql(
      `alter table "payees" add constraint "payees_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "payees" add constraint "payees_ambassador_id_foreign" foreign key ("ambassador_id") references "ambassadors" ("id") on delete restrict;`,
    );
    this.addSql(`alter table "payees" add constraint "payees_exactly_one" check (num_nonnulls(user_id, ambassador_id) = 1);`);
    this.addSql(
      `alter table "payees" add constraint "payees_commission_rate_range" check (commission_rate_bp is null or (commission_rate_bp >= 0 and commission_rate_bp <= 10000));`,
    );
    this.addSql(
      `alter table "payees" add constraint "payees_bank_account_whole" check (num_nonnulls(bank_code, branch_code, account_type, account_number_encrypted, account_number_last3, holder_name) in (0, 6));`,
    );
    this.addSql(`alter table "payees" add constraint "payees_account_type_check" check ("account_type" in ('ordinary', 'checking'));`);

    this.addSql(
      `alter table "payout_items" add constraint "payout_items_batch_id_foreign" foreign key ("batch_id") references "payout_batches" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "payout_items" add constraint "payout_items_payee_id_foreign" foreign key ("payee_id") references "payees" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "payout_items" add constraint "payout_items_amounts" check (fee >= 0 and transfer_amount >= 0 and (status = 'payable') = (transfer_amount > 0) and (status <> 'payable' or transfer_amount + fee <= balance));`,
    );
    this.addSql(
      `alter table "payout_items" add constraint "payout_items_status_check" check ("status" in ('payable', 'carried_over', 'blocked'));`,
    );
    this.addSql(
      `alter table "payout_items" add constraint "payout_items_account_type_check" check ("account_type" in ('ordinary', 'checking'));`,
    );

    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_payee_id_foreign" foreign key ("payee_id") references "payees" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_reservation_id_foreign" foreign key ("reservation_id") references "reservations" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_payout_batch_id_foreign" foreign key ("payout_batch_id") references "payout_batches" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_kind_shape" check ((kind = 'earning' and reservation_id is not null and amount >= 0 and gross is not null and commission is not null) or (kind = 'reversal' and reservation_id is not null and amount <= 0) or (kind = 'adjustment' and reservation_id is null and amount <> 0 and reason is not null) or (kind = 'payout' and payout_batch_id is not null and amount < 0));`,
    );
    this.addSql(
      `alter table "ledger_entries" add constraint "ledger_entries_kind_check" check ("kind" in ('earning', 'reversal', 'adjustment', 'payout'));`,
    );

    // Append-only: no row of the ledger is ever changed or removed, whoever connects.
    this.addSql(`create or replace function "ledger_entries_append_only"() returns trigger language plpgsql as $$
      begin raise exception 'ledger_entries is append-only: % refused', tg_op using errcode = 'P0001'; end $$;`);
    this.addSql(`create trigger "ledger_entries_no_update" before update or delete on "ledger_entries"
      for each row execute function "ledger_entries_append_only"();`);
    this.addSql(`create trigger "ledger_entries_no_truncate" before truncate on "ledger_entries"
      for each statement execute function "ledger_entries_append_only"();`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop table if exists "ledger_entries" cascade;');
    this.addSql('drop function if exists "ledger_entries_append_only"();');
    this.addSql('drop table if exists "payout_items" cascade;');
    this.addSql('drop table if exists "payout_batches" cascade;');
    this.addSql('drop table if exists "payees" cascade;');
  }
}
