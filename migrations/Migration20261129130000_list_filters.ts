import { Migration } from '@mikro-orm/migrations';

// The admin and brand portal lists' filters and keyword search (docs/decisions/admin-lists.md): each list's order,
// each filter in that order, and a trigram GIN index over exactly the lower-cased text the list's keyword matches
// (src/lib/list-sql.ts `Where.keyword`; pg_trgm is installed by Migration20261123130000_search).
const INDEXES: [name: string, definition: string][] = [
  // /admin/communities: newest first, 公開/非公開, the keyword over name and host (the brand filter uses
  // brand_communities' unique (brand_id, community_id) and its community_id index).
  ['communities_created_at_id_index', `on "communities" ("created_at" desc, "id" desc)`],
  ['communities_keyword_index', `on "communities" using gin ((lower("name" || ' ' || "host_name")) gin_trgm_ops)`],
  // /admin/brand and /admin/ambassador: newest first (公開/非公開 has its (published, created_at) index), the name.
  ['brands_created_at_id_index', `on "brands" ("created_at" desc, "id" desc)`],
  ['brands_keyword_index', `on "brands" using gin ((lower("name")) gin_trgm_ops)`],
  ['ambassadors_created_at_id_index', `on "ambassadors" ("created_at" desc, "id" desc)`],
  ['ambassadors_keyword_index', `on "ambassadors" using gin ((lower("name")) gin_trgm_ops)`],
  // /admin/experiences: the queue (not published) by its last save, and its keyword over title and host name.
  ['experiences_pending_updated_at_index', `on "experiences" ("updated_at" desc, "id" desc) where not approve`],
  [
    'experiences_pending_keyword_index',
    `on "experiences" using gin ((lower("title" || ' ' || "hosted_by")) gin_trgm_ops) where not approve`,
  ],
  // /admin/coupons: newest (id) first, 有効/利用停止, the keyword over code and name.
  ['coupons_active_id_index', `on "coupons" ("active", "id" desc)`],
  ['coupons_keyword_index', `on "coupons" using gin ((lower("code" || ' ' || "name")) gin_trgm_ops)`],
  // /brand/community_applications: newest first within the brand's communities, 対応済み/未対応, the applicant.
  ['community_applications_created_at_id_index', `on "community_applications" ("created_at" desc, "id" desc)`],
  ['community_applications_resolved_index', `on "community_applications" ("community_id", "resolved", "created_at" desc)`],
  ['community_applications_keyword_index', `on "community_applications" using gin ((lower("full_name")) gin_trgm_ops)`],
  // /brand/communities/{id}/experience: a community's experiences by their host ambassador.
  ['experiences_community_ambassador_index', `on "experiences" ("community_id", "host_ambassador_id")`],
];

export class Migration20261129130000_list_filters extends Migration {
  override name = 'Migration20261129130000_list_filters';

  override up(): void | Promise<void> {
    for (const [name, definition] of INDEXES) this.addSql(`create index "${name}" ${definition};`);
  }

  override down(): void | Promise<void> {
    for (const [name] of INDEXES) this.addSql(`drop index if exists "${name}";`);
  }
}
