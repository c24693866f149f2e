import { Migration } from '@mikro-orm/migrations';

// A photo's alternative text, written by the host for people who cannot see it (one line, at most 120 characters:
// the host form's rule, experiences.host.schemas.ts). Null where none is written: the pages then write their own
// (「{タイトル}の写真{n}」 on the experience page, nothing on the cards beside the title).
export class Migration20261202100000_photo_alt_text extends Migration {
  override name = 'Migration20261202100000_photo_alt_text';

  override up(): void | Promise<void> {
    this.addSql(`alter table "images" add column "alt" varchar(120) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "images" drop column "alt";`);
  }
}
