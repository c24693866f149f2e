import { Migration } from '@mikro-orm/migrations';

// Tables that are not entities: the session store (connect-pg-simple's schema, created here rather than
// at run time; ARCHITECTURE.md) and the shared rate-limit counters.
export class Migration20261121000000_base extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE TABLE "session" (
      "sid" varchar NOT NULL COLLATE "default" PRIMARY KEY,
      "sess" json NOT NULL,
      "expire" timestamp(6) NOT NULL
    )`);
    this.addSql(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);
    this.addSql(`CREATE TABLE "rate_limits" (
      "key" varchar(300) PRIMARY KEY,
      "window_start" timestamptz NOT NULL,
      "count" integer NOT NULL
    )`);
  }

  override async down(): Promise<void> {
    this.addSql('DROP TABLE IF EXISTS "rate_limits"');
    this.addSql('DROP TABLE IF EXISTS "session"');
  }
}
