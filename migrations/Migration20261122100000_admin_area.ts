import { Migration } from '@mikro-orm/migrations';

// The administrator area: the audit log of every admin change (src/modules/audit/audit.entity.ts)
// and the reasons of sent-back publication requests (src/modules/experience-approvals/experience-approvals.entity.ts).
export class Migration20261122100000_admin_area extends Migration {
  override name = 'Migration20261122100000_admin_area';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "audit_log" ("id" serial primary key, "actor" varchar(255) not null, "actor_name" varchar(255) null, "entity_type" varchar(50) not null, "entity_id" int not null, "action" varchar(50) not null, "before" jsonb null, "after" jsonb null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(`create index "audit_log_entity_index" on "audit_log" ("entity_type", "entity_id", "created_at");`);

    this.addSql(
      `create table "experience_rejections" ("id" serial primary key, "experience_id" int not null, "reason" text not null, "rejected_by" varchar(255) not null, "created_at" timestamptz not null default now());`,
    );
    this.addSql(
      `create index "experience_rejections_experience_id_created_at_index" on "experience_rejections" ("experience_id", "created_at");`,
    );
    this.addSql(
      `alter table "experience_rejections" add constraint "experience_rejections_experience_id_foreign" foreign key ("experience_id") references "experiences" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "experience_rejections" add constraint "experience_rejections_reason_length" check (char_length(reason) >= 1 and char_length(reason) <= 1000);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "experience_rejections" cascade;`);
    this.addSql(`drop table if exists "audit_log" cascade;`);
  }
}
