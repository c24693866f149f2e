import { Migration } from '@mikro-orm/migrations';

// The admin inquiry lists' filters: 未対応/対応済み and the subject, each in the list's order (newest first), and the
// keyword search over name, e-mail, company and content (trigram GIN over the same lower-cased text the query
// matches, like the catalogue's search; pg_trgm is installed by Migration20261123130000_search).
export class Migration20261128110000_inquiry_filters extends Migration {
  override name = 'Migration20261128110000_inquiry_filters';

  override up(): void | Promise<void> {
    this.addSql(
      `create index "brand_and_ambassador_inquiries_resolved_index" on "brand_and_ambassador_inquiries" ("resolved", "created_at" desc);`,
    );
    this.addSql(
      `create index "brand_and_ambassador_inquiries_subject_index" on "brand_and_ambassador_inquiries" ("subject", "created_at" desc);`,
    );
    this.addSql(
      `create index "brand_and_ambassador_inquiries_keyword_index" on "brand_and_ambassador_inquiries" using gin ((lower("name" || ' ' || "email" || ' ' || "company_name" || ' ' || "content")) gin_trgm_ops);`,
    );
    this.addSql(`create index "contact_inquiries_resolved_index" on "contact_inquiries" ("resolved", "created_at" desc);`);
    this.addSql(
      `create index "contact_inquiries_keyword_index" on "contact_inquiries" using gin ((lower("name" || ' ' || "email" || ' ' || "content")) gin_trgm_ops);`,
    );
  }

  override down(): void | Promise<void> {
    for (const name of [
      'brand_and_ambassador_inquiries_resolved_index',
      'brand_and_ambassador_inquiries_subject_index',
      'brand_and_ambassador_inquiries_keyword_index',
      'contact_inquiries_resolved_index',
      'contact_inquiries_keyword_index',
    ]) {
      this.addSql(`drop index if exists "${name}";`);
    }
  }
}
