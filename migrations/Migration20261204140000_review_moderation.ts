import { Migration } from '@mikro-orm/migrations';

// An administrator may hide a review (its reason kept, told to its author) and show it again. A hidden review leaves
// every public list and the experience's rating: the summary trigger counts visible reviews only. The admin's list of
// every review reads newest first.
export class Migration20261204140000_review_moderation extends Migration {
  override name = 'Migration20261204140000_review_moderation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "reviews" add column "hidden_at" timestamptz null, add column "hidden_reason" text null;`);
    this.addSql(`alter table "reviews" add constraint "reviews_hidden" check ((hidden_at is null) = (hidden_reason is null));`);
    this.addSql(`create index "reviews_posted_at_index" on "reviews" ("posted_at" desc, "id" desc);`);
    this.addSql(
      `create or replace function reviews_summary() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') and old.hidden_at is null then
           perform experiences_review_summary_change(old.experience_id, -1, -old.rate);
         end if;
         if tg_op in ('INSERT', 'UPDATE') and new.hidden_at is null then
           perform experiences_review_summary_change(new.experience_id, 1, new.rate);
         end if;
         return null;
       end $$;`,
    );
    this.addSql(`drop trigger "reviews_summary" on "reviews";`);
    this.addSql(
      `create trigger "reviews_summary" after insert or delete or update of rate, experience_id, hidden_at on "reviews"
       for each row execute function reviews_summary();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "reviews_summary" on "reviews";`);
    // Hidden reviews become visible again: the summary counts every review, as before.
    this.addSql(
      `update "experiences" e set "review_count" = s.n, "review_rate_sum" = s.total, "review_average" = round(s.total / s.n, 1)
       from (select experience_id, count(*) as n, sum(rate) as total from reviews group by experience_id) s
       where s.experience_id = e.id;`,
    );
    this.addSql(
      `create or replace function reviews_summary() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') then
           perform experiences_review_summary_change(old.experience_id, -1, -old.rate);
         end if;
         if tg_op in ('INSERT', 'UPDATE') then
           perform experiences_review_summary_change(new.experience_id, 1, new.rate);
         end if;
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "reviews_summary" after insert or delete or update of rate, experience_id on "reviews"
       for each row execute function reviews_summary();`,
    );
    this.addSql(`drop index "reviews_posted_at_index";`);
    this.addSql(`alter table "reviews" drop constraint "reviews_hidden";`);
    this.addSql(`alter table "reviews" drop column "hidden_at", drop column "hidden_reason";`);
  }
}
