import { Migration } from '@mikro-orm/migrations';

// Sign-up consent to the terms of use and the privacy policy: the version consented to and when. Accounts made
// before consent was asked count as having consented to the first version at their sign-up.
export class Migration20261128150000_terms_consent extends Migration {
  override name = 'Migration20261128150000_terms_consent';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "terms_version" varchar(20) null, add column "terms_consented_at" timestamptz null;`);
    this.addSql(`update "users" set "terms_version" = '2026-11-01', "terms_consented_at" = "created_at";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "terms_version", drop column "terms_consented_at";`);
  }
}
