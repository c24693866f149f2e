import { Migration } from '@mikro-orm/migrations';

// The administrators' applications list filtered by 対応済み/未対応 over every community read the whole list newest
// first and fetched each application's table row to test `resolved`, up to the list's bound of ids. This index answers
// the filter from the index alone, newest first, and carries the keyword text as the portal's two indexes do, so a
// keyword with the filter is read from it too.
export class Migration20261202120000_application_handled_index extends Migration {
  override name = 'Migration20261202120000_application_handled_index';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "community_applications_handled_index" on "community_applications" ("resolved", "created_at" desc, "id" desc) include ("keyword_text");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "community_applications_handled_index";`);
  }
}
