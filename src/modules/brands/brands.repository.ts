// Read helpers other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows, readStatement, type SqlReader } from '#src/lib/read-sql';
import type { PartnerSummary } from '#src/modules/communities/communities.schemas';
import { sortedImageJson } from '#src/modules/images/images.schemas';
import { Brand, BrandCommunity } from './brands.entity';

/** Published brands a community belongs to (community page). */
export async function publishedBrandsOfCommunity(em: EntityManager, communityId: number): Promise<PartnerSummary[]> {
  const links = await em.find(
    BrandCommunity,
    { community: communityId, brand: { published: true } },
    { populate: ['brand', 'brand.images'], orderBy: { brand: { name: 'asc' } } },
  );
  return links.map((link) => ({ id: link.brand.id, name: link.brand.name, image_url: sortedImageJson(link.brand.images)[0]?.url ?? null }));
}

/**
 * Who hears about a new application to a community: members of the brands the community belongs to whose
 * invitation is accepted.
 */
export async function memberRecipientsOfCommunity(em: EntityManager, communityId: number): Promise<{ id: number; email: string }[]> {
  return em.execute<{ id: number; email: string }[]>(
    `SELECT DISTINCT bm.id, bm.email
       FROM brand_members bm
       JOIN brand_communities bc ON bc.brand_id = bm.brand_id
      WHERE bc.community_id = ? AND bm.invitation_accepted = true
      ORDER BY bm.id`,
    [communityId],
  );
}

/** A brand's id and name (published or not), or null. */
export async function findBrandSummary(em: EntityManager, id: number): Promise<{ id: number; name: string } | null> {
  const brand = await em.findOne(Brand, { id }, { fields: ['id', 'name'] });
  return brand ? { id: brand.id, name: brand.name } : null;
}

/** A brand's summary for the brand portal's header and dashboard (published or not), or null. */
export async function findBrandOverview(
  em: EntityManager,
  id: number,
): Promise<{ id: number; name: string; description: string; published: boolean; image_url: string | null } | null> {
  const brand = await em.findOne(Brand, { id }, { populate: ['images'] });
  if (!brand) return null;
  return {
    id: brand.id,
    name: brand.name,
    description: brand.description,
    published: brand.published,
    image_url: sortedImageJson(brand.images)[0]?.url ?? null,
  };
}

/**
 * THE brand portal's isolation rule: a community is the brand's when brand_communities links them. Every portal
 * call that names a community goes through this (404 otherwise, exactly like an unknown id).
 */
export async function brandOwnsCommunity(em: EntityManager, brandId: number, communityId: number): Promise<boolean> {
  return (await em.count(BrandCommunity, { brand: brandId, community: communityId })) > 0;
}

const BRANDS_OF_COMMUNITIES = readStatement(
  `SELECT bc.community_id, b.id, b.name FROM brand_communities bc JOIN brands b ON b.id = bc.brand_id
    WHERE bc.community_id = ANY(?::int[]) ORDER BY b.name, b.id`,
);

/**
 * The same isolation rule in SQL: the ids of the brand `?`'s communities, as an array (read from brand_communities'
 * (brand_id, community_id) index alone). A statement that names the brand's scope with it reads each community's
 * rows through an index that begins with community_id, in the statement itself instead of a read before it.
 */
export const BRAND_COMMUNITY_IDS_SQL = 'ARRAY(SELECT bc.community_id FROM brand_communities bc WHERE bc.brand_id = ?)';

/** The ids of a brand's communities, newest community first. */
export async function brandCommunityIds(em: EntityManager, brandId: number): Promise<number[]> {
  const rows = await em.execute<{ community_id: number }[]>(
    `SELECT bc.community_id FROM brand_communities bc JOIN communities c ON c.id = bc.community_id
      WHERE bc.brand_id = ? ORDER BY c.created_at DESC, c.id DESC`,
    [brandId],
  );
  return rows.map((row) => Number(row.community_id));
}

/** One of the brand's communities ({id, name}), or null when the community is not the brand's (or unknown). */
export async function findBrandCommunity(
  em: EntityManager,
  brandId: number,
  communityId: number,
): Promise<{ id: number; name: string } | null> {
  const link = await em.findOne(BrandCommunity, { brand: brandId, community: communityId }, { populate: ['community'] });
  return link ? { id: link.community.id, name: link.community.name } : null;
}

/** The brands (id, name) of each of these communities, by name. */
export async function brandsOfCommunities(sql: SqlReader, communityIds: number[]): Promise<Map<number, { id: number; name: string }[]>> {
  const byCommunity = new Map<number, { id: number; name: string }[]>();
  if (communityIds.length === 0) return byCommunity;
  const rows = await readRows<{ community_id: number; id: number; name: string }>(sql, BRANDS_OF_COMMUNITIES, [communityIds]);
  for (const row of rows) {
    const list = byCommunity.get(Number(row.community_id)) ?? [];
    list.push({ id: Number(row.id), name: row.name });
    byCommunity.set(Number(row.community_id), list);
  }
  return byCommunity;
}
