import { Migration } from '@mikro-orm/migrations';

// The admin communities list's ブランド: なし filter reads a number of brand links kept on the community
// (`brand_count`) instead of a flag recomputed with an EXISTS over brand_communities. The flag could be left wrong by
// two transactions changing the same community's links at once (each trigger's EXISTS reads its own snapshot, which
// does not see the other's uncommitted link); an increment or a decrement of the row's own count is applied to the
// latest row version under its row lock, so concurrent changes add up. The partial index keeps the communities
// without a brand in the list's order.
export class Migration20261130150000_community_brand_count extends Migration {
  override name = 'Migration20261130150000_community_brand_count';

  override up(): void | Promise<void> {
    this.addSql('drop trigger if exists brand_communities_has_brand on "brand_communities";');
    this.addSql('drop function if exists communities_has_brand();');
    this.addSql('drop index if exists "communities_no_brand_index";');
    this.addSql('alter table "communities" drop column if exists "has_brand";');
    this.addSql(`alter table "communities" add column "brand_count" int not null default 0;`);
    this.addSql(
      `update "communities" c set "brand_count" = (select count(*) from "brand_communities" bc where bc."community_id" = c."id");`,
    );
    this.addSql(`alter table "communities" add constraint "communities_brand_count_check" check ("brand_count" >= 0);`);
    this.addSql(
      `create or replace function communities_brand_count() returns trigger language plpgsql as $$
       begin
         if tg_op = 'UPDATE' and new.community_id = old.community_id then
           return null;
         end if;
         if tg_op in ('INSERT', 'UPDATE') then
           update communities set brand_count = brand_count + 1 where id = new.community_id;
         end if;
         if tg_op in ('DELETE', 'UPDATE') then
           update communities set brand_count = brand_count - 1 where id = old.community_id;
         end if;
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger brand_communities_brand_count after insert or update of community_id or delete on "brand_communities"
       for each row execute function communities_brand_count();`,
    );
    this.addSql(`create index "communities_no_brand_index" on "communities" ("created_at" desc, "id" desc) where "brand_count" = 0;`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop index if exists "communities_no_brand_index";');
    this.addSql('drop trigger if exists brand_communities_brand_count on "brand_communities";');
    this.addSql('drop function if exists communities_brand_count();');
    this.addSql('alter table "communities" drop column if exists "brand_count";');
  }
}
