import { Migration } from '@mikro-orm/migrations';

// The admin and brand portal lists' keyword as an operator types it (docs/decisions/admin-lists.md):
// tabitoko_list_norm is the catalogue's tabitoko_search_norm (NFKC, lower case, katakana to hiragana) with every
// whitespace but the line feed removed, so 佐藤 ゆうき, 佐藤　ゆうき and 佐藤ゆうき are one text, ＡＢＣ is abc and
// サトウ is さとう. A list's text is its columns joined by a line feed, which the keyword never holds once normalised
// (`normalizeListKeyword` removes every whitespace), so a keyword does not run across two columns.
//
// The text is stored in each list's table, `keyword_text`, a generated column: PostgreSQL computes it when a row is
// written (on an update, only when one of its columns changes), so a list's read only compares it, as the catalogue
// compares experiences.search_text (a different text: the catalogue's normalisation of more columns, kept by a
// trigger; the approval queue's keyword_text is its own). This list is the one place that says which columns make up
// each list's text; the entities declare the same expression (`listKeywordProperty`, src/lib/list-sql.ts) so that the
// schema generator finds the column as it is, and tests/api/list-keyword-index.test.ts checks the stored text against
// the columns. Every list's trigram index is on the column (the approval queue's is partial, its pending rows only),
// the portal's two indexes of applications by community carry it instead of the name (their keyword is a filter on
// an index-only scan), and the communities' bigram table (Migration20261130110000_community_keyword_bigrams) is kept
// and refilled from it.

/** Characters from `from` to `to` (code points), in order. */
const run = (from: number, to: number) => String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** tabitoko_search_norm's katakana and their hiragana (normalizeSearchText's U+30A1–U+30F6, less 0x60). */
const KATAKANA = run(0x30a1, 0x30f6);
const HIRAGANA = run(0x3041, 0x3096);

/**
 * What NFKC leaves of JavaScript's whitespace (`\s`) but the space and the line feed: tab, vertical tab, form feed,
 * carriage return, ogham space mark, line and paragraph separators, zero-width no-break space. NFKC turns the other
 * spaces (full-width, no-break, the typographic ones) into U+0020.
 */
const OTHER_SPACES = [0x09, 0x0b, 0x0c, 0x0d, 0x1680, 0x2028, 0x2029, 0xfeff].map((c) => `chr(${c})`).join(' || ');

/** Each list's table, the columns of its keyword text, its trigram index and a partial index's condition. */
const LISTS: [table: string, columns: string[], index: string, where?: string][] = [
  ['brand_and_ambassador_inquiries', ['name', 'email', 'company_name', 'content'], 'brand_and_ambassador_inquiries_keyword_index'],
  ['contact_inquiries', ['name', 'email', 'content'], 'contact_inquiries_keyword_index'],
  ['communities', ['name', 'host_name'], 'communities_keyword_index'],
  ['brands', ['name'], 'brands_keyword_index'],
  ['ambassadors', ['name'], 'ambassadors_keyword_index'],
  ['experiences', ['title', 'hosted_by'], 'experiences_pending_keyword_index', 'not approve'],
  ['coupons', ['code', 'name'], 'coupons_keyword_index'],
  ['community_applications', ['full_name'], 'community_applications_keyword_index'],
];

/** The brand portal's indexes of applications by community, which carry the text its keyword tests. */
const COVERED: [name: string, columns: string][] = [
  ['community_applications_community_id_created_at_index', `("community_id", "created_at" desc, "id" desc)`],
  ['community_applications_resolved_index', `("community_id", "resolved", "created_at" desc, "id" desc)`],
];

const quoted = (columns: string[]) => columns.map((column) => `"${column}"`);
/** The keyword text before this migration: the columns joined by a space, lower-cased (the trigram indexes' expression). */
const lowerText = (columns: string[]) => `lower(${columns.join(` || ' ' || `)})`;

/** The communities' bigram trigger's function and the table's rows, from the keyword text `text` of a row `row`. */
function bigramsFrom(text: (row: string) => string): string[] {
  return [
    `create or replace function communities_keyword_bigrams() returns trigger language plpgsql as $$
     begin
       if tg_op = 'UPDATE' then
         delete from community_keyword_bigrams where community_id = old.id;
       end if;
       insert into community_keyword_bigrams (bigram, created_at, community_id)
         select b, new.created_at, new.id from unnest(tabitoko_bigrams(${text('new')})) b;
       return null;
     end $$;`,
    'truncate "community_keyword_bigrams";',
    `insert into "community_keyword_bigrams" ("bigram", "created_at", "community_id")
     select b, c.created_at, c.id from "communities" c, unnest(tabitoko_bigrams(${text('c')})) b;`,
  ];
}

export class Migration20261201100000_list_keyword_norm extends Migration {
  override name = 'Migration20261201100000_list_keyword_norm';

  override up(): void | Promise<void> {
    // tabitoko_search_norm(value) without whitespace but the line feed, in fewer steps: NFKC only when the quick check
    // does not find the text normalised already (most texts), and the katakana table only over the part from the first
    // katakana to the last (translate compares each character with all 86 of it; replacing that part replaces it
    // where it is, the only place it occurs) and only when there is one. Immutable (a generated column's expression
    // must be), and it calls built-in functions only, so it also runs under the search_path of pg_catalog alone that
    // a restore uses (a dump creates it before the tables, whose generated columns a restore recomputes).
    this.addSql(
      `create or replace function tabitoko_list_norm(value text) returns text language plpgsql immutable strict parallel safe as $$
       declare
         normal text := replace(lower(case when value is nfkc normalized then value else normalize(value, nfkc) end), ' ', '');
         kana text := substring(normal from '[${KATAKANA[0]}-${KATAKANA.at(-1)}](?:.*[${KATAKANA[0]}-${KATAKANA.at(-1)}])?');
         other constant text := ${OTHER_SPACES};
       begin
         if kana is not null then
           normal := replace(normal, kana, translate(kana, '${KATAKANA}', '${HIRAGANA}'));
         end if;
         if normal ~ ('[' || other || ']') then
           normal := translate(normal, other, '');
         end if;
         return normal;
       end $$;`,
    );
    for (const [table, columns, index, where] of LISTS) {
      this.addSql(`drop index if exists "${index}";`);
      this.addSql(
        `alter table "${table}" add column "keyword_text" text generated always as (tabitoko_list_norm(${quoted(columns).join(` || E'\\n' || `)})) stored not null;`,
      );
      this.addSql(`create index "${index}" on "${table}" using gin ("keyword_text" gin_trgm_ops)${where ? ` where ${where}` : ''};`);
    }
    for (const [name, columns] of COVERED) {
      this.addSql(`drop index if exists "${name}";`);
      this.addSql(`create index "${name}" on "community_applications" ${columns} include ("keyword_text");`);
    }
    for (const sql of bigramsFrom((row) => `${row}.keyword_text`)) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of bigramsFrom((row) => lowerText([`${row}.name`, `${row}.host_name`]))) this.addSql(sql);
    for (const [name, columns] of COVERED) {
      this.addSql(`drop index if exists "${name}";`);
      this.addSql(`create index "${name}" on "community_applications" ${columns} include ("full_name");`);
    }
    for (const [table, columns, index, where] of LISTS) {
      // Dropping the column drops its indexes.
      this.addSql(`alter table "${table}" drop column if exists "keyword_text";`);
      this.addSql(
        `create index "${index}" on "${table}" using gin ((${lowerText(quoted(columns))}) gin_trgm_ops)${where ? ` where ${where}` : ''};`,
      );
    }
    this.addSql('drop function if exists tabitoko_list_norm(text);');
  }
}
