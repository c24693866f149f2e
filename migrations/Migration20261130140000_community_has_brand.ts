import { Migration } from '@mikro-orm/migrations';

// The admin communities list's ブランド: なし filter: whether a community belongs to any brand is kept on the
// community (`has_brand`, by a trigger on brand_communities), so the filter is a partial index of the communities
// without a brand in the list's order (an index-only scan of those alone, like the unfiltered list), instead of every
// community tested against every brand link (both tables read and hashed on each request).
export class Migration20261130140000_community_has_brand extends Migration {
  override name = 'Migration20261130140000_community_has_brand';

  override up(): void | Promise<void> {
    this.addSql(`alter table "communities" add column "has_brand" boolean not null default false;`);
    this.addSql(
      `update "communities" c set "has_brand" = true where exists (select 1 from "brand_communities" bc where bc."community_id" = c."id");`,
    );
    this.addSql(
      `create or replace function communities_has_brand() returns trigger language plpgsql as $$
       begin
         if tg_op in ('INSERT', 'UPDATE') then
           update communities set has_brand = true where id = new.community_id and not has_brand;
         end if;
         if tg_op in ('DELETE', 'UPDATE') then
           update communities
              set has_brand = exists (select 1 from brand_communities bc where bc.community_id = old.community_id)
            where id = old.community_id and has_brand;
         end if;
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger brand_communities_has_brand after insert or update of community_id or delete on "brand_communities"
       for each row execute function communities_has_brand();`,
    );
    this.addSql(`create index "communities_no_brand_index" on "communities" ("created_at" desc, "id" desc) where not "has_brand";`);
  }

  override down(): void | Promise<void> {
    this.addSql('drop index if exists "communities_no_brand_index";');
    this.addSql('drop trigger if exists brand_communities_has_brand on "brand_communities";');
    this.addSql('drop function if exists communities_has_brand();');
    this.addSql('alter table "communities" drop column if exists "has_brand";');
  }
}
