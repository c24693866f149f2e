// Read helpers other modules may use (ARCHITECTURE.md "Boundaries"). Server-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PartnerSummary } from '#src/modules/communities/communities.schemas';
import { sortedImageJson } from '#src/modules/images/images.service';
import { AmbassadorCommunity } from './ambassadors.entity';

/** Published ambassadors associated with a community (community page). */
export async function publishedAmbassadorsOfCommunity(em: EntityManager, communityId: number): Promise<PartnerSummary[]> {
  const links = await em.find(
    AmbassadorCommunity,
    { community: communityId, ambassador: { published: true } },
    { populate: ['ambassador', 'ambassador.images'], orderBy: { associatedAt: 'asc', id: 'asc' } },
  );
  return links.map((link) => ({
    id: link.ambassador.id,
    name: link.ambassador.name,
    image_url: sortedImageJson(link.ambassador.images)[0]?.url ?? null,
  }));
}
