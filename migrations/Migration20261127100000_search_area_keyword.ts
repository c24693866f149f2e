import { Migration } from '@mikro-orm/migrations';

// Search speed: the keyword's GIN indexes also key each experience by its prefecture (btree_gin, a contrib
// extension shipped with PostgreSQL like pg_trgm), so a keyword search within an area reads only the area's matches.
// Before, it read the keyword's whole posting list (陶芸 matches a tenth of the bench catalogue), the area's
// entries from the prefecture index, and intersected the two bitmaps: about a third of a search's page statement.
// A GIN index over several columns serves a condition on any one of them as well as one on that column alone, so
// these replace the single-column indexes of the same names (a search without an area, the catalogue's keyword
// question). The prefecture's own btree index stays: a search without a keyword reads an area's candidates from it
// alone (Migration20261126100000_search_area_index).
export class Migration20261127100000_search_area_keyword extends Migration {
  override name = 'Migration20261127100000_search_area_keyword';

  override up(): void | Promise<void> {
    this.addSql('create extension if not exists btree_gin;');
    this.addSql('drop index if exists "experiences_search_text_trgm_index";');
    this.addSql(
      `create index "experiences_search_text_trgm_index" on "experiences" using gin ("prefecture_id", "search_text" gin_trgm_ops);`,
    );
    this.addSql('drop index if exists "experiences_search_bigrams_index";');
    this.addSql(`create index "experiences_search_bigrams_index" on "experiences" using gin ("prefecture_id", "search_bigrams");`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop index if exists "experiences_search_text_trgm_index";');
    this.addSql(`create index "experiences_search_text_trgm_index" on "experiences" using gin ("search_text" gin_trgm_ops);`);
    this.addSql('drop index if exists "experiences_search_bigrams_index";');
    this.addSql(`create index "experiences_search_bigrams_index" on "experiences" using gin ("search_bigrams");`);
  }
}
