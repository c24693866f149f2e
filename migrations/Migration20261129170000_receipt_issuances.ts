import { Migration } from '@mikro-orm/migrations';

// receipt_issuances: every receipt (領収書) as it was issued, one row per download (issue_no 1 the original, 2 and on
// the 再発行 copies), with the whole printed document (addressee, 但し書き, amounts, refund, issuer) as jsonb. The issuer
// keeps what it issued for 7 years (法人税法施行規則 59条: copies of receipts handed out; 消費税法 57条の4: copies of
// 適格簡易請求書), so the rows are append-only like the ledger: a trigger refuses UPDATE, DELETE and TRUNCATE, and
// leaving (退会) leaves them as they are (docs/decisions/leaving.md). Receipts issued before this table existed have
// no rows; their copy is drawn from the receipt row as it stands.
export class Migration20261129170000_receipt_issuances extends Migration {
  override name = 'Migration20261129170000_receipt_issuances';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "receipt_issuances" ("id" serial primary key, "receipt_id" int not null, "issue_no" int not null, "document" jsonb not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `alter table "receipt_issuances" add constraint "receipt_issuances_receipt_id_issue_no_unique" unique ("receipt_id", "issue_no");`,
    );
    this.addSql(
      `alter table "receipt_issuances" add constraint "receipt_issuances_receipt_id_foreign" foreign key ("receipt_id") references "receipts" ("id") on delete restrict;`,
    );
    this.addSql(`alter table "receipt_issuances" add constraint "receipt_issuances_issue_no_positive" check (issue_no >= 1);`);
    this.addSql(`create or replace function "receipt_issuances_append_only"() returns trigger language plpgsql as $$
      begin raise exception 'receipt_issuances is append-only: % refused', tg_op using errcode = 'P0001'; end $$;`);
    this.addSql(`create trigger "receipt_issuances_no_update" before update or delete on "receipt_issuances"
      for each row execute function "receipt_issuances_append_only"();`);
    this.addSql(`create trigger "receipt_issuances_no_truncate" before truncate on "receipt_issuances"
      for each statement execute function "receipt_issuances_append_only"();`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop table if exists "receipt_issuances" cascade;');
    this.addSql('drop function if exists "receipt_issuances_append_only"();');
  }
}
