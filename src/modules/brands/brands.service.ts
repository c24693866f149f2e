// Public brands (guest-and-host.md §2 "Brands and ambassadors", §7): only published brands and published
// communities are visible; anything else answers 404 with messages.brand.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/errors';
import { parseId, parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { Brand, BrandCommunity, type IBrand } from './brands.entity';
import { brandListQuerySchema, BRANDS_PAGE_SIZE, type BrandListItem, type BrandListMeta, type BrandPublic } from './brands.schemas';
import {
  toCommunityCard,
  type CommunityCardData,
  type CommunityCardSource,
  type PartnerSummary,
} from '#src/modules/communities/communities.schemas';
import { sortedImageJson } from '#src/modules/images/images.schemas';

function toPublic(brand: IBrand): BrandPublic {
  const images = sortedImageJson(brand.images);
  return {
    id: brand.id,
    name: brand.name,
    description: brand.description,
    homepage_url: brand.homepageUrl ?? null,
    instagram_username: brand.instagramUsername ?? null,
    x_username: brand.xUsername ?? null,
    image_url: images[0]?.url ?? null,
    images,
  };
}

function toListItem(brand: IBrand): BrandListItem {
  return { id: brand.id, name: brand.name, image_url: sortedImageJson(brand.images)[0]?.url ?? null, description: brand.description };
}

function notFound(): NotFoundError {
  return new NotFoundError(ja.partners.brandNotFound, 'brand');
}

async function findPublished(ctx: Ctx, rawId: unknown): Promise<IBrand> {
  const id = parseId(rawId);
  if (!id) throw notFound();
  const brand = await ctx.em.findOne(Brand, { id, published: true }, { populate: ['images'] });
  if (!brand) throw notFound();
  return brand;
}

/** GET /api/v1/brands?page=n */
export async function list(ctx: Ctx, query: unknown = {}): Promise<{ brands: BrandListItem[]; meta: BrandListMeta }> {
  const { page } = parseInput(brandListQuerySchema, query);
  const [rows, total] = await ctx.em.findAndCount(
    Brand,
    { published: true },
    { populate: ['images'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: BRANDS_PAGE_SIZE, offset: (page - 1) * BRANDS_PAGE_SIZE },
  );
  return {
    brands: rows.map(toListItem),
    meta: { current_page: page, total_pages: Math.max(1, Math.ceil(total / BRANDS_PAGE_SIZE)), total_count: total },
  };
}

/** GET /api/v1/brands/{id} */
export async function detail(ctx: Ctx, rawId: unknown): Promise<BrandPublic> {
  return toPublic(await findPublished(ctx, rawId));
}

async function communitiesOfBrands(em: EntityManager, brandIds: number[]): Promise<Map<number, CommunityCardData[]>> {
  const result = new Map<number, CommunityCardData[]>(brandIds.map((id) => [id, []]));
  if (brandIds.length === 0) return result;
  const links = await em.find(
    BrandCommunity,
    { brand: { $in: brandIds }, community: { published: true } },
    { populate: ['community', 'community.images'], orderBy: { community: { createdAt: 'desc', id: 'desc' } } },
  );
  for (const link of links) result.get(link.brand.id)?.push(toCommunityCard(link.community as unknown as CommunityCardSource));
  return result;
}

/** GET /api/v1/brands/{id}/communities: the brand's published communities (id, name, image_url, ...). */
export async function communities(ctx: Ctx, rawId: unknown): Promise<{ communities: CommunityCardData[] }> {
  const brand = await findPublished(ctx, rawId);
  return { communities: (await communitiesOfBrands(ctx.em, [brand.id])).get(brand.id) ?? [] };
}

/** /brand_ambassador/list: every published brand with its published communities. */
export async function listWithCommunities(ctx: Ctx): Promise<(BrandListItem & { communities: CommunityCardData[] })[]> {
  const brands = await ctx.em.find(
    Brand,
    { published: true },
    { populate: ['images'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
  );
  const byBrand = await communitiesOfBrands(
    ctx.em,
    brands.map((b) => b.id),
  );
  return brands.map((brand) => ({ ...toListItem(brand), communities: byBrand.get(brand.id) ?? [] }));
}

/** Published brands a community belongs to (community page). */
export async function publishedOfCommunity(em: EntityManager, communityId: number): Promise<PartnerSummary[]> {
  const links = await em.find(
    BrandCommunity,
    { community: communityId, brand: { published: true } },
    { populate: ['brand', 'brand.images'], orderBy: { brand: { name: 'asc' } } },
  );
  return links.map((link) => ({ id: link.brand.id, name: link.brand.name, image_url: sortedImageJson(link.brand.images)[0]?.url ?? null }));
}

/**
 * Who hears about a new application to a community: members of the brands the community belongs to whose
 * invitation is accepted (brand_members is the brand portal's table; read-only here).
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
