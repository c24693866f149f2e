// Read helpers other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
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
  return em.getConnection().execute<{ id: number; email: string }[]>(
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
