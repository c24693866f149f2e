import { Migration } from '@mikro-orm/migrations';

// The admin's user search (GET /api/v1/users: the pickers and the host search) finds its keyword as every admin list
// does (docs/decisions/admin-lists.md): the user's name and e-mail joined by a line feed and normalised by
// tabitoko_list_norm (Migration20261201100000_list_keyword_norm), stored as the generated column `keyword_text`, so
// spaces, letter width and katakana do not count and a keyword never runs from the name into the e-mail. The entity
// declares the same expression (`listKeywordProperty`, src/lib/list-sql.ts). Its trigram index holds the accounts
// that have not left only: the search never offers one that has (their name and e-mail are erased anyway).
export class Migration20261202110000_user_keyword_norm extends Migration {
  override name = 'Migration20261202110000_user_keyword_norm';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "users" add column "keyword_text" text generated always as (tabitoko_list_norm("name" || E'\\n' || "email")) stored not null;`,
    );
    this.addSql(`create index "users_keyword_index" on "users" using gin ("keyword_text" gin_trgm_ops) where "left_at" is null;`);
  }

  override down(): void | Promise<void> {
    // Dropping the column drops its index.
    this.addSql(`alter table "users" drop column if exists "keyword_text";`);
  }
}
