import { Migration } from '@mikro-orm/migrations';

// The admin and brand portal lists read a page and its bounded count in one ordered scan (src/lib/list-sql.ts
// `pageOfIds`): each filter's index is followed by the list's whole order (created_at desc, id desc), so the scan is
// index-only (no table rows, no sort) however deep the page, and the ids of a page of a filtered list never cost a
// read of the rows the filter drops.
const REPLACED: [name: string, before: string, after: string][] = [
  // Program inquiries: newest first; 対応状況; 種別; both together (the filters of the deep pages).
  [
    'brand_and_ambassador_inquiries_resolved_index',
    `on "brand_and_ambassador_inquiries" ("resolved", "created_at" desc)`,
    `on "brand_and_ambassador_inquiries" ("resolved", "created_at" desc, "id" desc)`,
  ],
  [
    'brand_and_ambassador_inquiries_subject_index',
    `on "brand_and_ambassador_inquiries" ("subject", "created_at" desc)`,
    `on "brand_and_ambassador_inquiries" ("subject", "resolved", "created_at" desc, "id" desc)`,
  ],
  // General inquiries: 対応状況.
  [
    'contact_inquiries_resolved_index',
    `on "contact_inquiries" ("resolved", "created_at" desc)`,
    `on "contact_inquiries" ("resolved", "created_at" desc, "id" desc)`,
  ],
  // Portal applications: a community's, and its 対応済み/未対応, newest first.
  [
    'community_applications_resolved_index',
    `on "community_applications" ("community_id", "resolved", "created_at" desc)`,
    `on "community_applications" ("community_id", "resolved", "created_at" desc, "id" desc)`,
  ],
  [
    'community_applications_community_id_created_at_index',
    `on "community_applications" ("community_id", "created_at")`,
    `on "community_applications" ("community_id", "created_at" desc, "id" desc)`,
  ],
  // The inquiry lists unfiltered: newest first, the id breaking ties.
  [
    'brand_and_ambassador_inquiries_created_at_index',
    `on "brand_and_ambassador_inquiries" ("created_at" desc)`,
    `on "brand_and_ambassador_inquiries" ("created_at" desc, "id" desc)`,
  ],
  [
    'contact_inquiries_created_at_index',
    `on "contact_inquiries" ("created_at" desc)`,
    `on "contact_inquiries" ("created_at" desc, "id" desc)`,
  ],
];

const ADDED: [name: string, definition: string][] = [
  // A program inquiry's 種別 alone, newest first (the (subject, resolved, …) index serves both together).
  [
    'brand_and_ambassador_inquiries_subject_created_at_index',
    `on "brand_and_ambassador_inquiries" ("subject", "created_at" desc, "id" desc)`,
  ],
  // The approval queue leaves out the experiences of hosts who left: the few such accounts, so that test is one
  // probe of a small index per experience instead of a pass over the users.
  ['users_left_index', `on "users" ("id") where "left_at" is not null`],
  // Two-character keywords (陶芸, 茶道) have no trigram: the communities' name and host as bigrams (the catalogue's
  // tabitoko_bigrams), so `@> ARRAY['陶芸']` finds the candidates (Where.keyword's bigram condition).
  ['communities_keyword_bigrams_index', `on "communities" using gin (tabitoko_bigrams(lower("name" || ' ' || "host_name")))`],
];

export class Migration20261130090000_list_paging extends Migration {
  override name = 'Migration20261130090000_list_paging';

  override up(): void | Promise<void> {
    for (const [name, , after] of REPLACED) {
      this.addSql(`drop index if exists "${name}";`);
      this.addSql(`create index "${name}" ${after};`);
    }
    for (const [name, definition] of ADDED) this.addSql(`create index "${name}" ${definition};`);
  }

  override down(): void | Promise<void> {
    for (const [name] of ADDED) this.addSql(`drop index if exists "${name}";`);
    for (const [name, before] of REPLACED) {
      this.addSql(`drop index if exists "${name}";`);
      this.addSql(`create index "${name}" ${before};`);
    }
  }
}
