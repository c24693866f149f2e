// Brands and ambassadors ("partners") are run the same way (admin-and-brand-portal.md §5): the public list, detail
// and communities of the published ones, an ADMIN's view of all of them with their member counts, and the admin
// form (create, update: the images replaced, the audit log). This is that one shape; ambassadors.service.ts and
// brands.service.ts give it what differs (the entity, the ambassador's address, the community links and their
// order, the messages) and expose its methods under their own names. Server-only; not a service.
import { inIdOrder, listKeywordText, pageOfIds, Where } from '#src/lib/list-sql';
import { readRows, readStatement } from '#src/lib/read-sql';
import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/postgresql';
import { countRowsBy } from '#src/lib/count-rows';
import type { z } from 'zod';
import { isAdmin, requireAdmin, type Ctx, withEm } from '#src/lib/context';
import type { AppError } from '#src/lib/isomorphic/errors';
import { parseId, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import type { AuditService } from '#src/modules/audit/audit.service';
import { toCommunityCard, type CommunityCardData, type CommunityCardSource } from '#src/modules/communities/communities.schemas';
import { type PartnerImageOwner, replaceOwnerImages } from '#src/modules/images/images.repository';
import { auditedImages, type FormImageJson, formImageJson, type ImageRow, sortedImageJson } from '#src/modules/images/images.schemas';
import { requireUploaded } from '#src/modules/uploads/uploads.repository';
import {
  type ListMeta,
  partnerListQuerySchema,
  type PartnerListQuery,
  type PartnerAdminFields,
  type PartnerListItem,
  type PartnerPublic,
} from './partners.schemas';
import { transaction } from '#src/lib/transaction';

/** The partner a call names: `{ id }` (path /brands/{id}, /ambassadors/{id}). */
export interface PartnerRef {
  id: IdInput;
}

/** What both entities have (Brand, Ambassador), loaded with their images. */
export interface PartnerRow {
  id: number;
  name: string;
  description: string;
  published: boolean;
  homepageUrl?: string | null;
  instagramUsername?: string | null;
  xUsername?: string | null;
  images: { getItems(): ImageRow[] };
  createdAt: Date;
  updatedAt: Date;
}

/** A row of the list's read (extraColumns add the kind's own fields under their entity names). */
interface ListRow {
  id: number;
  name: string;
  description: string;
  published: boolean;
  created_at: Date;
  image_url: string | null;
  member_count: number;
}

/** The form's fields both have (brandFormSchema is ambassadorFormSchema without the address). */
interface PartnerFormData {
  name: string;
  description: string;
  published: boolean;
  homepage_url: string | null;
  instagram_username: string | null;
  x_username: string | null;
  images: FormImageJson[];
}

export interface PartnerConfig<Row extends PartnerRow, Form extends PartnerFormData, FormIn, Extra extends object, Link extends object> {
  /** The audit log's entity type, the image owner, the member table (`<kind>_members.<kind>_id`), `<kind>_id` inputs. */
  kind: 'ambassador' | 'brand';
  entity: EntityName<Row>;
  /** The community link entity (`<kind>` and `community` relations) and the order of a partner's communities. */
  communityLink: { entity: EntityName<Link>; orderBy: Record<string, unknown> };
  notFound: () => AppError;
  /** The 404 of GET …/{id}/communities, when it is not notFound. */
  communitiesNotFound?: () => AppError;
  formSchema: z.ZodType<Form, FormIn>;
  pageSize: number;
  adminPageSize: number;
  /** The JSON fields only this kind has (after description; in a list row, after image_url; in the audit log). */
  extraJson: (row: Row) => Extra;
  /** The entity fields of those, from the form. */
  extraFields: (data: Form) => Record<string, unknown>;
  /** The columns extraJson reads, as SQL selecting them under the entity's field names from `p` (the list's read). */
  extraColumns: string;
}

export function createPartnerMethods<
  Row extends PartnerRow,
  Form extends PartnerFormData,
  FormIn,
  Extra extends object,
  Link extends object,
>(config: PartnerConfig<Row, Form, FormIn, Extra, Link>, deps: { audit: AuditService; imageHosting: boolean }) {
  const { kind, entity, notFound } = config;
  const { audit, imageHosting } = deps;
  type Public = PartnerPublic & Extra;
  type Admin = Public & PartnerAdminFields;
  type ListItem = PartnerListItem & Extra;
  const populateImages = { populate: ['images'] } as never;
  // A page of the list in one prepared statement: each one's first image and member count beside its fields.
  const listRows = readStatement(
    `SELECT p.id, p.name, p.description, p.published, p.created_at${config.extraColumns ? `, ${config.extraColumns}` : ''},
            (SELECT i.url FROM images i WHERE i.${kind}_id = p.id ORDER BY i.sort_order, i.id LIMIT 1) AS image_url,
            (SELECT count(*)::int FROM ${kind}_members m WHERE m.${kind}_id = p.id) AS member_count
       FROM ${kind}s p WHERE p.id = ANY(?::int[])`,
  );
  const where = (query: object) => query as unknown as FilterQuery<Row>;

  function toPublic(row: Row): Public {
    const images = sortedImageJson(row.images);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      ...config.extraJson(row),
      homepage_url: row.homepageUrl ?? null,
      instagram_username: row.instagramUsername ?? null,
      x_username: row.xUsername ?? null,
      image_url: images[0]?.url ?? null,
      images,
    };
  }

  function toAdmin(row: Row, memberCount: number): Admin {
    return {
      ...toPublic(row),
      published: row.published,
      created_at: new Date(row.createdAt).toISOString(),
      updated_at: new Date(row.updatedAt).toISOString(),
      member_count: memberCount,
    };
  }

  function toListItem(row: Row): ListItem {
    return {
      id: row.id,
      name: row.name,
      image_url: sortedImageJson(row.images)[0]?.url ?? null,
      ...config.extraJson(row),
      description: row.description,
    } as ListItem;
  }

  /** The audited state (the form's fields). */
  function snapshot(row: Row): Record<string, unknown> {
    return {
      name: row.name,
      description: row.description,
      published: row.published,
      ...config.extraJson(row),
      homepage_url: row.homepageUrl ?? null,
      instagram_username: row.instagramUsername ?? null,
      x_username: row.xUsername ?? null,
      images: auditedImages(row.images),
    };
  }

  /** The form's values as entity fields. */
  function fields(data: Form): Record<string, unknown> {
    return {
      name: data.name,
      description: data.description,
      published: data.published,
      ...config.extraFields(data),
      homepageUrl: data.homepage_url,
      instagramUsername: data.instagram_username,
      xUsername: data.x_username,
    };
  }

  function memberCounts(em: EntityManager, ids: number[]): Promise<Map<number, number>> {
    return countRowsBy(em, `${kind}_members`, `${kind}_id`, ids);
  }

  async function memberCount(em: EntityManager, id: number): Promise<number> {
    return (await memberCounts(em, [id])).get(id) ?? 0;
  }

  /** Each partner's published communities, in the link's order. */
  async function communitiesOf(em: EntityManager, ids: number[]): Promise<Map<number, CommunityCardData[]>> {
    const result = new Map<number, CommunityCardData[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return result;
    const links = (await em.find(
      config.communityLink.entity,
      { [kind]: { $in: ids }, community: { published: true } } as never,
      { populate: ['community', 'community.images'], orderBy: config.communityLink.orderBy } as never,
    )) as unknown as (Record<typeof kind, { id: number }> & { community: unknown })[];
    for (const link of links) result.get(link[kind].id)?.push(toCommunityCard(link.community as CommunityCardSource));
    return result;
  }

  /** Published for everyone; an ADMIN also finds unpublished ones. */
  async function findVisible(ctx: Ctx, id: number | null, answer: () => AppError = notFound): Promise<Row> {
    if (!id) throw answer();
    const row = (await ctx.em.findOne(entity, where(isAdmin(ctx) ? { id } : { id, published: true }), populateImages)) as Row | null;
    if (!row) throw answer();
    return row;
  }

  async function findForAdmin(id: number | null, em: EntityManager): Promise<Row> {
    if (!id) throw notFound();
    const row = (await em.findOne(entity, where({ id }), populateImages)) as Row | null;
    if (!row) throw notFound();
    return row;
  }

  async function adminJson(em: EntityManager, id: number): Promise<Admin> {
    const loaded = (await em.fork().findOneOrFail(entity, where({ id }), populateImages)) as Row;
    return toAdmin(loaded, await memberCount(em, id));
  }

  /**
   * ?page=&q=&published=: published ones, newest first; an ADMIN gets every one (adminPageSize a page) with the admin
   * fields. The keyword is found in the name (`Where.keyword` over the table's keyword text and its trigram index).
   */
  async function list(ctx: Ctx, input: PartnerListQuery): Promise<{ items: ListItem[]; meta: ListMeta }> {
    const query = parseInput(partnerListQuerySchema, input);
    const admin = isAdmin(ctx);
    const filters = new Where().keyword(listKeywordText(), query.q);
    if (!admin) filters.add('published = true');
    if (query.published !== undefined) filters.add('published = ?', query.published);
    const { ids, meta } = await pageOfIds(
      ctx,
      {
        from: `${kind}s`,
        id: 'id',
        where: filters,
        order: [
          ['created_at', 'DESC'],
          ['id', 'DESC'],
        ],
        size: admin ? config.adminPageSize : config.pageSize,
      },
      query.page,
    );
    const rows = inIdOrder(ids, ids.length ? await readRows<ListRow>(ctx.sql, listRows, [ids]) : []);
    return {
      items: rows.map((row) => {
        const item = {
          id: row.id,
          name: row.name,
          image_url: row.image_url,
          ...config.extraJson(row as unknown as Row),
          description: row.description,
        } as ListItem;
        return admin
          ? { ...item, published: row.published, created_at: new Date(row.created_at).toISOString(), member_count: row.member_count }
          : item;
      }),
      meta,
    };
  }

  /** GET …/{id}: the public view; an ADMIN gets the admin view of any one. */
  async function detail(ctx: Ctx, input: PartnerRef): Promise<Public | Admin> {
    const row = await findVisible(ctx, parseId(input.id));
    if (!isAdmin(ctx)) return toPublic(row);
    return toAdmin(row, await memberCount(ctx.em, row.id));
  }

  /** The admin view of one (ADMIN; the admin detail page and its edit form). */
  async function adminDetail(ctx: Ctx, input: PartnerRef): Promise<Admin> {
    requireAdmin(ctx);
    const row = await findForAdmin(parseId(input.id), ctx.em);
    return toAdmin(row, await memberCount(ctx.em, row.id));
  }

  /** GET …/{id}/communities: its published communities (id, name, image_url, ...). */
  async function communities(ctx: Ctx, input: PartnerRef): Promise<{ communities: CommunityCardData[] }> {
    const row = await findVisible(ctx, parseId(input.id), config.communitiesNotFound);
    return { communities: (await communitiesOf(ctx.em, [row.id])).get(row.id) ?? [] };
  }

  /** /brand_ambassador/list: every published one with its published communities. */
  async function listWithCommunities(ctx: Ctx): Promise<(ListItem & { communities: CommunityCardData[] })[]> {
    const rows = (await ctx.em.find(entity, where({ published: true }), {
      populate: ['images'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: 200,
    } as never)) as Row[];
    const byPartner = await communitiesOf(
      ctx.em,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...toListItem(row), communities: byPartner.get(row.id) ?? [] }));
  }

  /** POST (ADMIN, and the operator). */
  async function create(ctx: Ctx, input: FormIn): Promise<Admin> {
    requireAdmin(ctx);
    const data = parseInput(config.formSchema, input);
    const id = await transaction(ctx.em, async (em) => {
      await requireUploaded(em, data.images, { hosted: imageHosting });
      const created = em.create(entity, fields(data) as never) as Row;
      await em.flush();
      await replaceOwnerImages(em, { [kind]: created.id } as PartnerImageOwner, data.images);
      await em.flush();
      await em.populate(created, ['images'] as never);
      audit.record(withEm(ctx, em), { entityType: kind, entityId: created.id, action: 'create', after: snapshot(created) });
      await em.flush();
      return created.id;
    });
    return adminJson(ctx.em, id);
  }

  /** PUT …/{id} (ADMIN): the whole form; the images are replaced by the given list. */
  async function update(ctx: Ctx, input: PartnerRef & FormIn): Promise<Admin> {
    requireAdmin(ctx);
    const id = parseId(input.id);
    if (!id) throw notFound();
    const data = parseInput(config.formSchema, input);
    await transaction(ctx.em, async (em) => {
      const row = await findForAdmin(id, em);
      await requireUploaded(em, data.images, { hosted: imageHosting, known: row.images.getItems().map(formImageJson) });
      const before = snapshot(row);
      em.assign(row, fields(data) as never);
      await replaceOwnerImages(em, { [kind]: id } as PartnerImageOwner, data.images);
      await em.flush();
      await em.refresh(row, populateImages);
      audit.record(withEm(ctx, em), { entityType: kind, entityId: id, action: 'update', before, after: snapshot(row) });
      await em.flush();
    });
    return adminJson(ctx.em, id);
  }

  return { findForAdmin, list, detail, adminDetail, communities, listWithCommunities, create, update };
}
