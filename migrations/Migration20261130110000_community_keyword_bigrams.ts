import { Migration } from '@mikro-orm/migrations';

// The admin communities list's two-character keywords: one row per (bigram, community) of the keyword text
// (lower-cased name and host, the catalogue's tabitoko_bigrams: the distinct two-character pieces without whitespace),
// with the community's created_at, kept by a trigger. Its primary key (bigram, created_at, community_id) is a
// two-character keyword's list in the list's own order (newest first, read backwards), so a keyword's page and its
// bounded count are one index-only scan stopped at the bound, like the list without a keyword, however many
// communities contain the keyword; the GIN index on the communities' bigrams, which found the matches in any order
// (read from the table, then sorted), is no longer used.
export class Migration20261130110000_community_keyword_bigrams extends Migration {
  override name = 'Migration20261130110000_community_keyword_bigrams';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "community_keyword_bigrams" (
         "bigram" text not null,
         "created_at" timestamptz not null,
         "community_id" int not null references "communities" ("id") on delete cascade,
         primary key ("bigram", "created_at", "community_id")
       );`,
    );
    this.addSql(`create index "community_keyword_bigrams_community_id_index" on "community_keyword_bigrams" ("community_id");`);
    this.addSql(
      `create or replace function communities_keyword_bigrams() returns trigger language plpgsql as $$
       begin
         if tg_op = 'UPDATE' then
           delete from community_keyword_bigrams where community_id = old.id;
         end if;
         insert into community_keyword_bigrams (bigram, created_at, community_id)
           select b, new.created_at, new.id from unnest(tabitoko_bigrams(lower(new.name || ' ' || new.host_name))) b;
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger communities_keyword_bigrams after insert or update of name, host_name, created_at on "communities"
       for each row execute function communities_keyword_bigrams();`,
    );
    this.addSql(
      `insert into "community_keyword_bigrams" ("bigram", "created_at", "community_id")
       select b, c.created_at, c.id from "communities" c, unnest(tabitoko_bigrams(lower(c.name || ' ' || c.host_name))) b;`,
    );
    this.addSql('drop index if exists "communities_keyword_bigrams_index";');
  }

  override down(): void | Promise<void> {
    this.addSql(
      `create index "communities_keyword_bigrams_index" on "communities" using gin (tabitoko_bigrams(lower("name" || ' ' || "host_name")));`,
    );
    this.addSql('drop trigger if exists communities_keyword_bigrams on "communities";');
    this.addSql('drop function if exists communities_keyword_bigrams();');
    this.addSql('drop table if exists "community_keyword_bigrams";');
  }
}
