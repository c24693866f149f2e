import { Migration } from '@mikro-orm/migrations';

// Search: pg_trgm, and experiences.search_text, the normalised text that keyword search matches
// (title, host name, place and description; NFKC, lower case, katakana as hiragana). A trigger keeps it current,
// so no write path has to remember it; a trigram GIN index makes LIKE '%…%' on it use the index for terms of 3 or
// more characters. The /stories list gets a partial index in its own order (newest first, id as tie-break).
const KATAKANA =
  'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶ';
const HIRAGANA =
  'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔゕゖ';

export class Migration20261123130000_search extends Migration {
  override name = 'Migration20261123130000_search';

  override up(): void | Promise<void> {
    this.addSql('create extension if not exists pg_trgm;');
    this.addSql(
      `create or replace function tabitoko_search_norm(value text) returns text language sql immutable strict parallel safe
       as $$ select translate(lower(normalize(value, NFKC)), '${KATAKANA}', '${HIRAGANA}') $$;`,
    );
    this.addSql(`alter table "experiences" add column "search_text" text not null default '';`);
    this.addSql(
      `create or replace function experiences_search_text() returns trigger language plpgsql as $$
       begin
         new.search_text := tabitoko_search_norm(concat_ws(' ', new.title, new.hosted_by,
           (select p.name from prefectures p where p.id = new.prefecture_id), new.address, new.description));
         return new;
       end $$;`,
    );
    this.addSql(
      `create trigger "experiences_search_text" before insert or update of title, hosted_by, prefecture_id, address, description
       on "experiences" for each row execute function experiences_search_text();`,
    );
    this.addSql(`update "experiences" set "title" = "title";`);
    this.addSql(`create index "experiences_search_text_trgm_index" on "experiences" using gin ("search_text" gin_trgm_ops);`);
    this.addSql(`create index "experiences_public_list_index" on "experiences" ("created_at" desc, "id" desc) where approve;`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop index if exists "experiences_public_list_index";');
    this.addSql('drop index if exists "experiences_search_text_trgm_index";');
    this.addSql('drop trigger if exists "experiences_search_text" on "experiences";');
    this.addSql('drop function if exists experiences_search_text();');
    this.addSql(`alter table "experiences" drop column "search_text";`);
    this.addSql('drop function if exists tabitoko_search_norm(text);');
  }
}
