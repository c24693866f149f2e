import { Migration } from '@mikro-orm/migrations';

// The administrators' whole audit log (/admin/audit) is read newest first (created_at desc, id desc) by `pageOfIds`:
// one index in that order for the log and its days, one led by the entity kind for that filter, so each page and its
// bounded count are one index-only scan.
export class Migration20261204120000_audit_log_list extends Migration {
  override name = 'Migration20261204120000_audit_log_list';

  override up(): void | Promise<void> {
    this.addSql(`create index "audit_log_created_at_index" on "audit_log" ("created_at" desc, "id" desc);`);
    this.addSql(`create index "audit_log_entity_type_created_at_index" on "audit_log" ("entity_type", "created_at" desc, "id" desc);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "audit_log_created_at_index";`);
    this.addSql(`drop index if exists "audit_log_entity_type_created_at_index";`);
  }
}
