import { Migration } from '@mikro-orm/migrations';

// The list's cost must not grow with the catalogue: the plain /stories list (no filter) showed its count
// from count(*) over every published experience on every request, which grew with the catalogue. published_experience_count holds that number, kept by statement triggers on experiences in
// the same transaction as the change (inserts, deletes, updates of approve, truncate), so it is always exact; two
// transactions that publish at once add their changes one after the other on its one row.
export class Migration20261125100000_published_count extends Migration {
  override name = 'Migration20261125100000_published_count';

  override up(): void | Promise<void> {
    this.addSql(`create table "published_experience_count" ("id" boolean primary key default true check ("id"), "n" bigint not null);`);
    this.addSql(`insert into "published_experience_count" ("n") select count(*) from "experiences" where "approve";`);
    this.addSql(
      `create or replace function published_experience_count_change() returns trigger language plpgsql as $$
       declare
         delta bigint := 0;
       begin
         if tg_op in ('INSERT', 'UPDATE') then
           select delta + count(*) into delta from new_rows where approve;
         end if;
         if tg_op in ('DELETE', 'UPDATE') then
           select delta - count(*) into delta from old_rows where approve;
         end if;
         if delta <> 0 then
           update published_experience_count set n = n + delta;
         end if;
         return null;
       end $$;`,
    );
    this.addSql(
      `create or replace function published_experience_count_reset() returns trigger language plpgsql as $$
       begin
         update published_experience_count set n = 0;
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "published_experience_count_insert" after insert on "experiences"
       referencing new table as new_rows for each statement execute function published_experience_count_change();`,
    );
    this.addSql(
      `create trigger "published_experience_count_update" after update on "experiences"
       referencing old table as old_rows new table as new_rows for each statement execute function published_experience_count_change();`,
    );
    this.addSql(
      `create trigger "published_experience_count_delete" after delete on "experiences"
       referencing old table as old_rows for each statement execute function published_experience_count_change();`,
    );
    this.addSql(
      `create trigger "published_experience_count_truncate" after truncate on "experiences"
       for each statement execute function published_experience_count_reset();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists "published_experience_count_truncate" on "experiences";');
    this.addSql('drop trigger if exists "published_experience_count_delete" on "experiences";');
    this.addSql('drop trigger if exists "published_experience_count_update" on "experiences";');
    this.addSql('drop trigger if exists "published_experience_count_insert" on "experiences";');
    this.addSql('drop function if exists published_experience_count_reset();');
    this.addSql('drop function if exists published_experience_count_change();');
    this.addSql('drop table if exists "published_experience_count";');
  }
}
