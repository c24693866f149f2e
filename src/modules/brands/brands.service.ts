// Brands: the public pages (published only; 404 with messages.brand) and the administrator area (create,
// update). An ADMIN (and the operator) also sees unpublished brands, with their `published` flag.
// Brand members and their invitations: brand-members.service.ts.
import type { EntityManager } from '@mikro-orm/postgresql';
import { isAdmin, requireAdmin, requireBrandMember, type Ctx } from '#src/lib/context';
import { NotFoundError } from '#src/lib/errors';
import { parseId, parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { replaceOwnerImages } from '#src/modules/images/images.repository';
import { sortedImageJson } from '#src/modules/images/images.schemas';
import type { AuditService } from '#src/modules/audit/audit.service';
import { toCommunityCard, type CommunityCardData, type CommunityCardSource } from '#src/modules/communities/communities.schemas';
import { listQuerySchema, type ListMeta } from '#src/modules/partners/partners.schemas';
import { Brand, BrandCommunity, type IBrand } from './brands.entity';
import {
  BRANDS_ADMIN_PAGE_SIZE,
  BRANDS_PAGE_SIZE,
  brandFormSchema,
  type BrandAdmin,
  type BrandListItem,
  type BrandPublic,
} from './brands.schemas';

export interface BrandsDeps {
  audit: AuditService;
}

function notFound(): NotFoundError {
  return new NotFoundError(ja.partners.brandNotFound, 'brand');
}

/** The id of an input `{id}` (or `{brand_id}`), null when malformed. */
function idOf(input: unknown, ...keys: string[]): number | null {
  if (input == null || typeof input !== 'object') return parseId(input);
  const record = input as Record<string, unknown>;
  for (const key of keys) if (record[key] !== undefined) return parseId(record[key]);
  return null;
}

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

function toAdmin(brand: IBrand, memberCount: number): BrandAdmin {
  return {
    ...toPublic(brand),
    published: brand.published,
    created_at: new Date(brand.createdAt).toISOString(),
    updated_at: new Date(brand.updatedAt).toISOString(),
    member_count: memberCount,
  };
}

function toListItem(brand: IBrand): BrandListItem {
  return { id: brand.id, name: brand.name, image_url: sortedImageJson(brand.images)[0]?.url ?? null, description: brand.description };
}

function snapshot(brand: IBrand): Record<string, unknown> {
  return {
    name: brand.name,
    description: brand.description,
    published: brand.published,
    homepage_url: brand.homepageUrl ?? null,
    instagram_username: brand.instagramUsername ?? null,
    x_username: brand.xUsername ?? null,
    images: sortedImageJson(brand.images).map((i) => i.url),
  };
}

async function memberCounts(em: EntityManager, ids: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await em
    .getConnection()
    .execute<{ brand_id: number; n: string }[]>(
      `SELECT brand_id, count(*) AS n FROM brand_members WHERE brand_id IN (${ids.map(() => '?').join(',')}) GROUP BY brand_id`,
      ids,
    );
  for (const row of rows) counts.set(Number(row.brand_id), Number(row.n));
  return counts;
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

export function createBrandsService(deps: BrandsDeps) {
  const { audit } = deps;

  async function findVisible(ctx: Ctx, id: number | null): Promise<IBrand> {
    if (!id) throw notFound();
    const brand = await ctx.em.findOne(Brand, isAdmin(ctx) ? { id } : { id, published: true }, { populate: ['images'] });
    if (!brand) throw notFound();
    return brand;
  }

  async function findForAdmin(id: number | null, em: EntityManager): Promise<IBrand> {
    if (!id) throw notFound();
    const brand = await em.findOne(Brand, { id }, { populate: ['images'] });
    if (!brand) throw notFound();
    return brand;
  }

  async function adminJson(em: EntityManager, id: number): Promise<BrandAdmin> {
    const loaded = await em.fork().findOneOrFail(Brand, { id }, { populate: ['images'] });
    return toAdmin(loaded, (await memberCounts(em, [id])).get(id) ?? 0);
  }

  /** GET /api/v1/brands?page=n: published ones; an ADMIN gets every brand (100 a page) with published etc. */
  async function list(ctx: Ctx, input: unknown = {}): Promise<{ brands: BrandListItem[]; meta: ListMeta }> {
    const { page } = parseInput(listQuerySchema, input);
    const admin = isAdmin(ctx);
    const size = admin ? BRANDS_ADMIN_PAGE_SIZE : BRANDS_PAGE_SIZE;
    const [rows, total] = await ctx.em.findAndCount(Brand, admin ? {} : { published: true }, {
      populate: ['images'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: size,
      offset: (page - 1) * size,
    });
    const counts = admin
      ? await memberCounts(
          ctx.em,
          rows.map((r) => r.id),
        )
      : null;
    return {
      brands: rows.map((row) =>
        counts
          ? {
              ...toListItem(row),
              published: row.published,
              created_at: new Date(row.createdAt).toISOString(),
              member_count: counts.get(row.id) ?? 0,
            }
          : toListItem(row),
      ),
      meta: { current_page: page, total_pages: Math.max(1, Math.ceil(total / size)), total_count: total },
    };
  }

  /** GET /api/v1/brands/{id}: the public view; an ADMIN gets the admin view of any brand. */
  async function detail(ctx: Ctx, input: unknown): Promise<BrandPublic | BrandAdmin> {
    const brand = await findVisible(ctx, idOf(input, 'id'));
    if (!isAdmin(ctx)) return toPublic(brand);
    return toAdmin(brand, (await memberCounts(ctx.em, [brand.id])).get(brand.id) ?? 0);
  }

  /** The admin view of one brand (ADMIN; /admin/brand/{id} and its edit form). */
  async function adminDetail(ctx: Ctx, input: unknown): Promise<BrandAdmin> {
    requireAdmin(ctx);
    const brand = await findForAdmin(idOf(input, 'id', 'brand_id'), ctx.em);
    return toAdmin(brand, (await memberCounts(ctx.em, [brand.id])).get(brand.id) ?? 0);
  }

  /** GET /api/v1/brands/{id}/communities: the brand's published communities (id, name, image_url, ...). */
  async function communities(ctx: Ctx, input: unknown): Promise<{ communities: CommunityCardData[] }> {
    const brand = await findVisible(ctx, idOf(input, 'id'));
    return { communities: (await communitiesOfBrands(ctx.em, [brand.id])).get(brand.id) ?? [] };
  }

  /** /brand_ambassador/list: every published brand with its published communities. */
  async function listWithCommunities(ctx: Ctx): Promise<(BrandListItem & { communities: CommunityCardData[] })[]> {
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

  /** POST /api/v1/brands (ADMIN). */
  async function create(ctx: Ctx, input: unknown): Promise<BrandAdmin> {
    requireAdmin(ctx);
    const data = parseInput(brandFormSchema, input);
    const id = await ctx.em.transactional(async (em) => {
      const brand = em.create(Brand, {
        name: data.name,
        description: data.description,
        published: data.published,
        homepageUrl: data.homepage_url,
        instagramUsername: data.instagram_username,
        xUsername: data.x_username,
      });
      await em.flush();
      await replaceOwnerImages(em, { brand: brand.id }, data.images);
      await em.flush();
      await em.populate(brand, ['images']);
      audit.record({ ...ctx, em }, { entityType: 'brand', entityId: brand.id, action: 'create', after: snapshot(brand) });
      await em.flush();
      return brand.id;
    });
    return adminJson(ctx.em, id);
  }

  /** PUT /api/v1/brands/{id} (ADMIN): the whole form; the images are replaced by the given list. */
  async function update(ctx: Ctx, input: unknown): Promise<BrandAdmin> {
    requireAdmin(ctx);
    const id = idOf(input, 'id', 'brand_id');
    if (!id) throw notFound();
    const data = parseInput(brandFormSchema, input);
    await ctx.em.transactional(async (em) => {
      const brand = await findForAdmin(id, em);
      const before = snapshot(brand);
      em.assign(brand, {
        name: data.name,
        description: data.description,
        published: data.published,
        homepageUrl: data.homepage_url,
        instagramUsername: data.instagram_username,
        xUsername: data.x_username,
      });
      for (const image of brand.images.getItems()) em.remove(image);
      await em.flush();
      await replaceOwnerImages(em, { brand: brand.id }, data.images);
      await em.flush();
      await em.populate(brand, ['images']);
      await em.refresh(brand, { populate: ['images'] });
      audit.record({ ...ctx, em }, { entityType: 'brand', entityId: id, action: 'update', before, after: snapshot(brand) });
      await em.flush();
    });
    return adminJson(ctx.em, id);
  }

  /**
   * Links a community to a brand ({brand_id, community_id}); the brand portal's community creation calls it inside
   * its transaction. An ADMIN (or the operator) for any brand; a brand member only for their own brand.
   */
  async function linkCommunity(ctx: Ctx, input: unknown): Promise<void> {
    const brandId = idOf(input, 'brand_id');
    const communityId = idOf(input, 'community_id');
    if (!brandId || !communityId) throw notFound();
    if (!isAdmin(ctx) && requireBrandMember(ctx).brandId !== brandId) throw notFound();
    ctx.em.create(BrandCommunity, { brand: brandId, community: communityId });
    await ctx.em.flush();
  }

  return { list, detail, adminDetail, communities, listWithCommunities, create, update, linkCommunity };
}

export type BrandsService = ReturnType<typeof createBrandsService>;
