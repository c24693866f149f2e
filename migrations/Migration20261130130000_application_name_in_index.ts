import { Migration } from '@mikro-orm/migrations';

// The brand portal's applications list searches the applicants' names within the brand's communities: the name is
// carried in the two indexes that list reads a brand's applications by (community_id first), so a keyword is a filter
// on an index-only scan of the brand's entries, instead of the trigram index's matches of every brand (a common piece
// of a name matches most of the table) intersected with the brand's and rechecked in the table.
const COVERED: [name: string, columns: string][] = [
  ['community_applications_community_id_created_at_index', `("community_id", "created_at" desc, "id" desc)`],
  ['community_applications_resolved_index', `("community_id", "resolved", "created_at" desc, "id" desc)`],
];

export class Migration20261130130000_application_name_in_index extends Migration {
  override name = 'Migration20261130130000_application_name_in_index';

  override up(): void | Promise<void> {
    for (const [name, columns] of COVERED) {
      this.addSql(`drop index if exists "${name}";`);
      this.addSql(`create index "${name}" on "community_applications" ${columns} include ("full_name");`);
    }
  }

  override down(): void | Promise<void> {
    for (const [name, columns] of COVERED) {
      this.addSql(`drop index if exists "${name}";`);
      this.addSql(`create index "${name}" on "community_applications" ${columns};`);
    }
  }
}
