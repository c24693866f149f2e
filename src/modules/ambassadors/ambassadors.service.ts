// Ambassadors: the public pages (published only; 404 with messages.ambassador) and creation, used by the
// operator CLI (`add-ambassador`) and the admin API (admin-and-brand-portal.md §5 for the rules).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Ctx } from '#src/lib/context';
import { AppError, NotFoundError } from '#src/lib/errors';
import { parseId, parseInput } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { Image } from '#src/modules/images/images.entity';
import { Ambassador, AmbassadorCommunity, type IAmbassador } from './ambassadors.entity';
import {
  ambassadorFormSchema,
  listQuerySchema,
  type AmbassadorAdmin,
  type AmbassadorListItem,
  type AmbassadorPublic,
  type ListMeta,
} from './ambassadors.schemas';
import {
  toCommunityCard,
  type CommunityCardData,
  type CommunityCardSource,
  type PartnerSummary,
} from '#src/modules/communities/communities.schemas';
import { sortedImageJson } from '#src/modules/images/images.schemas';

export const AMBASSADORS_PAGE_SIZE = 24;

function toPublic(ambassador: IAmbassador): AmbassadorPublic {
  const images = sortedImageJson(ambassador.images);
  return {
    id: ambassador.id,
    name: ambassador.name,
    description: ambassador.description,
    address: ambassador.address ?? null,
    homepage_url: ambassador.homepageUrl ?? null,
    instagram_username: ambassador.instagramUsername ?? null,
    x_username: ambassador.xUsername ?? null,
    image_url: images[0]?.url ?? null,
    images,
  };
}

function toListItem(ambassador: IAmbassador): AmbassadorListItem {
  return {
    id: ambassador.id,
    name: ambassador.name,
    image_url: sortedImageJson(ambassador.images)[0]?.url ?? null,
    address: ambassador.address ?? null,
    description: ambassador.description,
  };
}

async function findPublished(ctx: Ctx, rawId: unknown, notFound: () => AppError): Promise<IAmbassador> {
  const id = parseId(rawId);
  if (!id) throw notFound();
  const ambassador = await ctx.em.findOne(Ambassador, { id, published: true }, { populate: ['images'] });
  if (!ambassador) throw notFound();
  return ambassador;
}

const ambassadorNotFound = () => new NotFoundError(ja.partners.ambassadorNotFound, 'ambassador');
/**
 * The spec's client reads messages.brand for this call (guest-and-host.md §7, admin-and-brand-portal.md §7,
 * probably copied from the brand call); answer under both keys so either reading finds the message.
 */
const ambassadorCommunitiesNotFound = () =>
  new AppError(404, 'not_found', ja.partners.ambassadorNotFound, {
    ambassador: [ja.partners.ambassadorNotFound],
    brand: [ja.partners.ambassadorNotFound],
  });

/** GET /api/v1/ambassadors?page=n */
export async function list(ctx: Ctx, query: unknown = {}): Promise<{ ambassadors: AmbassadorListItem[]; meta: ListMeta }> {
  const { page } = parseInput(listQuerySchema, query);
  const [rows, total] = await ctx.em.findAndCount(
    Ambassador,
    { published: true },
    {
      populate: ['images'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: AMBASSADORS_PAGE_SIZE,
      offset: (page - 1) * AMBASSADORS_PAGE_SIZE,
    },
  );
  return {
    ambassadors: rows.map(toListItem),
    meta: { current_page: page, total_pages: Math.max(1, Math.ceil(total / AMBASSADORS_PAGE_SIZE)), total_count: total },
  };
}

/** GET /api/v1/ambassadors/{id} */
export async function detail(ctx: Ctx, rawId: unknown): Promise<AmbassadorPublic> {
  return toPublic(await findPublished(ctx, rawId, ambassadorNotFound));
}

async function communitiesOfAmbassadors(em: EntityManager, ids: number[]): Promise<Map<number, CommunityCardData[]>> {
  const result = new Map<number, CommunityCardData[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const links = await em.find(
    AmbassadorCommunity,
    { ambassador: { $in: ids }, community: { published: true } },
    { populate: ['community', 'community.images'], orderBy: { associatedAt: 'desc', id: 'desc' } },
  );
  for (const link of links) result.get(link.ambassador.id)?.push(toCommunityCard(link.community as unknown as CommunityCardSource));
  return result;
}

/** GET /api/v1/ambassadors/{id}/communities: published communities (id, name, image_url, ...). */
export async function communities(ctx: Ctx, rawId: unknown): Promise<{ communities: CommunityCardData[] }> {
  const ambassador = await findPublished(ctx, rawId, ambassadorCommunitiesNotFound);
  return { communities: (await communitiesOfAmbassadors(ctx.em, [ambassador.id])).get(ambassador.id) ?? [] };
}

/** /brand_ambassador/list: every published ambassador with its published communities. */
export async function listWithCommunities(ctx: Ctx): Promise<(AmbassadorListItem & { communities: CommunityCardData[] })[]> {
  const rows = await ctx.em.find(
    Ambassador,
    { published: true },
    { populate: ['images'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: 200 },
  );
  const byAmbassador = await communitiesOfAmbassadors(
    ctx.em,
    rows.map((a) => a.id),
  );
  return rows.map((a) => ({ ...toListItem(a), communities: byAmbassador.get(a.id) ?? [] }));
}

/** Published ambassadors associated with a community (community page). */
export async function publishedOfCommunity(em: EntityManager, communityId: number): Promise<PartnerSummary[]> {
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

/**
 * Creates an ambassador (operator CLI `add-ambassador`, admin POST /api/v1/ambassadors). The caller decides
 * who may do it: the CLI is the operator's office, the admin route requires ADMIN.
 */
export async function create(ctx: Ctx, input: unknown): Promise<AmbassadorAdmin> {
  const data = parseInput(ambassadorFormSchema, input);
  const ambassador = await ctx.em.transactional(async (em) => {
    const created = em.create(Ambassador, {
      name: data.name,
      description: data.description,
      published: data.published,
      address: data.address,
      homepageUrl: data.homepage_url,
      instagramUsername: data.instagram_username,
      xUsername: data.x_username,
    });
    data.images.forEach((image, i) => em.create(Image, { ambassador: created, objectKey: image.object_key, url: image.url, sortOrder: i }));
    await em.flush();
    return created;
  });
  const loaded = await ctx.em.fork().findOneOrFail(Ambassador, { id: ambassador.id }, { populate: ['images'] });
  return { ...toPublic(loaded), published: loaded.published, created_at: new Date(loaded.createdAt).toISOString() };
}
