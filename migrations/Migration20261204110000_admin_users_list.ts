import { Migration } from '@mikro-orm/migrations';

// The administrators' users list (/admin/users) is read newest first (id desc); its role filter reads the accounts of
// one role in that order from this index alone, so the few administrators and hosts among many guests are found
// without reading every account.
export class Migration20261204110000_admin_users_list extends Migration {
  override name = 'Migration20261204110000_admin_users_list';

  override up(): void | Promise<void> {
    this.addSql(`create index "users_role_id_index" on "users" ("role", "id" desc);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index if exists "users_role_id_index";`);
  }
}
