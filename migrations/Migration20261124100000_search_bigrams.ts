import { Migration } from '@mikro-orm/migrations';

// Search speed: two-character words (陶芸, 着物, 茶道, 書道 …) are common Japanese search terms and have no
// trigram, so they were matched with strpos() over every row's search_text. experiences.search_bigrams holds the
// distinct two-character pieces of search_text (without whitespace), kept by the same trigger, with a GIN index:
// `search_bigrams @> ARRAY['陶芸']` is exactly "search_text contains 陶芸" and uses the index.
export class Migration20261124100000_search_bigrams extends Migration {
  override name = 'Migration20261124100000_search_bigrams';

  override up(): void | Promise<void> {
    this.addSql(
      `create or replace function tabitoko_bigrams(value text) returns text[] language sql immutable strict parallel safe
       as $$ select coalesce(array_agg(distinct substr(value, i, 2)), '{}') from generate_series(1, length(value) - 1) as i
             where substr(value, i, 2) !~ '\\s' $$;`,
    );
    this.addSql(`alter table "experiences" add column "search_bigrams" text[] not null default '{}';`);
    this.addSql(
      `create or replace function experiences_search_text() returns trigger language plpgsql as $$
       begin
         new.search_text := tabitoko_search_norm(concat_ws(' ', new.title, new.hosted_by,
           (select p.name from prefectures p where p.id = new.prefecture_id), new.address, new.description));
         new.search_bigrams := tabitoko_bigrams(new.search_text);
         return new;
       end $$;`,
    );
    this.addSql(`update "experiences" set "title" = "title";`);
    this.addSql(`create index "experiences_search_bigrams_index" on "experiences" using gin ("search_bigrams");`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop index if exists "experiences_search_bigrams_index";');
    this.addSql(
      `create or replace function experiences_search_text() returns trigger language plpgsql as $$
       begin
         new.search_text := tabitoko_search_norm(concat_ws(' ', new.title, new.hosted_by,
           (select p.name from prefectures p where p.id = new.prefecture_id), new.address, new.description));
         return new;
       end $$;`,
    );
    this.addSql(`alter table "experiences" drop column "search_bigrams";`);
    this.addSql('drop function if exists tabitoko_bigrams(text);');
  }
}
