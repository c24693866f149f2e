import { Migration } from '@mikro-orm/migrations';

// Favourites and the experiences' rating summary.
//
// favorites: one row per (user, experience) a guest has hearted; removed with either.
//
// experiences.review_count, review_rate_sum and review_average: the number of reviews, the sum of their rates and the
// mean rounded to one decimal, kept by a row trigger on reviews in the same transaction as the review's insert,
// delete or change of rate or experience. The trigger adds and subtracts (never recounts), so two reviews written at
// once by two transactions both land: each UPDATE of the experience row waits for the other and applies its own
// change to the row it then sees. Cards, the search's rating order and the experience page read the columns instead
// of aggregating reviews per card per request.
//
// experiences_rating_list_index: the published list in the rating order (experiences.shared.ts RATING_MIN_REVIEWS:
// experiences with at least 3 reviews first, by their mean), so the list sorted by rating reads one index in order.
export class Migration20261129160000_guest_features extends Migration {
  override name = 'Migration20261129160000_guest_features';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "favorites" ("id" serial primary key, "user_id" int not null, "experience_id" int not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "favorites_experience_id_index" on "favorites" ("experience_id");`);
    this.addSql(`alter table "favorites" add constraint "favorites_user_id_experience_id_unique" unique ("user_id", "experience_id");`);
    this.addSql(
      `alter table "favorites" add constraint "favorites_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "favorites" add constraint "favorites_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "experiences" add column "review_count" int not null default 0, add column "review_rate_sum" numeric(9,1) not null default 0, add column "review_average" numeric(2,1) null;`,
    );
    this.addSql(
      `alter table "experiences" add constraint "experiences_review_summary" check (review_count >= 0 and review_rate_sum >= 0 and (review_count = 0) = (review_average is null));`,
    );
    this.addSql(
      `update "experiences" e set "review_count" = s.n, "review_rate_sum" = s.total, "review_average" = round(s.total / s.n, 1)
       from (select experience_id, count(*) as n, sum(rate) as total from reviews group by experience_id) s
       where s.experience_id = e.id;`,
    );
    this.addSql(
      `create or replace function experiences_review_summary_change(experience int, count_delta int, rate_delta numeric) returns void
       language sql as $$
         update experiences
            set review_count = review_count + count_delta,
                review_rate_sum = review_rate_sum + rate_delta,
                review_average = case when review_count + count_delta = 0 then null
                                      else round((review_rate_sum + rate_delta) / (review_count + count_delta), 1) end
          where id = experience;
       $$;`,
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
    this.addSql(
      `create or replace function reviews_summary_reset() returns trigger language plpgsql as $$
       begin
         update experiences set review_count = 0, review_rate_sum = 0, review_average = null where review_count <> 0;
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "reviews_summary_truncate" after truncate on "reviews" for each statement execute function reviews_summary_reset();`,
    );
    this.addSql(
      `create index "experiences_rating_list_index" on "experiences" (("review_count" >= 3) desc, "review_average" desc nulls last, "review_count" desc, "created_at" desc, "id" desc) where approve;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql('drop index if exists "experiences_rating_list_index";');
    this.addSql('drop trigger if exists "reviews_summary_truncate" on "reviews";');
    this.addSql('drop trigger if exists "reviews_summary" on "reviews";');
    this.addSql('drop function if exists reviews_summary_reset();');
    this.addSql('drop function if exists reviews_summary();');
    this.addSql('drop function if exists experiences_review_summary_change(int, int, numeric);');
    this.addSql('alter table "experiences" drop constraint if exists "experiences_review_summary";');
    this.addSql('alter table "experiences" drop column "review_count", drop column "review_rate_sum", drop column "review_average";');
    this.addSql('drop table if exists "favorites" cascade;');
  }
}
