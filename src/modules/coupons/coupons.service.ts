// Coupons for administrators and the operator (CLI create-coupon / list-coupons). The rules a
// reservation applies (which code is usable, using one up) are in coupon-rules.ts.
import { requireAdmin, type Ctx, withEm } from '#src/lib/context';
import { ConflictError, NotFoundError, ValidationError } from '#src/lib/isomorphic/errors';
import { idFrom, parseInput, type IdInput } from '#src/lib/isomorphic/validate';
import { addDays, japanInstant, todayInJapan } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import type { ListMeta } from '#src/modules/partners/partners.schemas';
import { Coupon } from './coupons.entity';
import {
  COUPONS_PAGE_SIZE,
  couponCreateSchema,
  couponListSchema,
  couponUpdateSchema,
  type CouponJson,
  type CouponCreateInput,
  type CouponListQuery,
  type CouponUpdateInput,
} from './coupons.schemas';
import type { AuditService } from '#src/modules/audit/audit.service';
import { LockMode } from '@mikro-orm/core';
import { transaction } from '#src/lib/transaction';
import { inIdOrder, listKeywordText, pageOfIds, Where } from '#src/lib/list-sql';
import { couponRows, type CouponRow } from './coupon-rows';

function toJson(coupon: CouponRow): CouponJson {
  const until = coupon.validUntil ? new Date(coupon.validUntil) : null;
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    discount_type: coupon.discountType as CouponJson['discount_type'],
    discount_value: coupon.discountValue,
    valid_from: coupon.validFrom ? new Date(coupon.validFrom).toISOString() : null,
    valid_until: until?.toISOString() ?? null,
    expires: until ? todayInJapan(new Date(until.getTime() - 1)) : null,
    max_uses: coupon.maxUses ?? null,
    used_count: coupon.usedCount,
    max_uses_per_guest: coupon.maxUsesPerUser ?? null,
    first_booking_only: coupon.firstBookingOnly,
    min_amount: coupon.minAmount ?? null,
    active: coupon.active,
    created_at: new Date(coupon.createdAt).toISOString(),
  };
}

const codeTaken = () => new ValidationError({ code: [ja.coupons.codeTaken] });
const notFound = () => new NotFoundError(ja.coupons.notFound, 'coupon');

/**
 * The coupons service for administrators and the operator. max_uses is enforced when a reservation uses the
 * coupon (`consume`: a conditional UPDATE backed by the coupons_used_count_range CHECK); `expires` is the last
 * valid day in Japan time (valid_until is the next midnight there).
 */
export interface CouponsDeps {
  audit: AuditService;
}

export function createCouponsService(deps: CouponsDeps) {
  async function create(ctx: Ctx, input: CouponCreateInput): Promise<CouponJson> {
    requireAdmin(ctx);
    const data = parseInput(couponCreateSchema, input);
    if (data.expires && data.expires < todayInJapan()) throw new ValidationError({ expires: [ja.coupons.expiresPast] });
    try {
      return await transaction(ctx.em, async (em) => {
        if (await em.count(Coupon, { code: data.code })) throw codeTaken();
        const coupon = em.create(Coupon, {
          code: data.code,
          name: data.name || data.code,
          discountType: data.amount !== undefined ? 'amount' : 'percent',
          discountValue: (data.amount ?? data.percent) as number,
          validUntil: data.expires ? japanInstant(addDays(data.expires, 1)) : null,
          maxUses: data.max_uses ?? null,
          maxUsesPerUser: data.max_uses_per_guest ?? null,
          firstBookingOnly: data.first_booking_only ?? false,
          minAmount: data.min_amount ?? null,
        });
        await em.flush();
        const json = toJson(coupon);
        // Who made a discount, and what it was, is in the audit log like every other admin change.
        deps.audit.record(withEm(ctx, em), { entityType: 'coupon', entityId: coupon.id, action: 'create', after: { ...json } });
        await em.flush();
        return json;
      });
    } catch (error) {
      // Two operators creating the same code at once: the unique index decides.
      if (error instanceof Error && error.name === 'UniqueConstraintViolationException') throw codeTaken();
      throw error;
    }
  }

  async function list(ctx: Ctx, input: CouponListQuery = {}): Promise<{ coupons: CouponJson[]; meta: ListMeta }> {
    requireAdmin(ctx);
    const query = parseInput(couponListSchema, input);
    const where = new Where().keyword(listKeywordText(), query.q);
    if (query.active !== undefined) where.add('active = ?', query.active);
    const { ids, meta } = await pageOfIds(
      ctx,
      { from: 'coupons', id: 'id', where, order: [['id', 'DESC']], size: COUPONS_PAGE_SIZE },
      query.page,
    );
    return { coupons: inIdOrder(ids, await couponRows(ctx.sql, ids)).map(toJson), meta };
  }

  /** GET /api/v1/admin/coupons/{id}. */
  async function detail(ctx: Ctx, input: { id: IdInput }): Promise<CouponJson> {
    requireAdmin(ctx);
    const coupon = await ctx.em.findOne(Coupon, { id: idFrom(input, 'id', notFound) });
    if (!coupon) throw notFound();
    return toJson(coupon);
  }

  /**
   * PATCH /api/v1/admin/coupons/{id}: the name, limits and validity. The row is locked so a reservation using the
   * coupon meanwhile cannot push used_count past a lowered max_uses (the CHECK would refuse it anyway).
   */
  async function update(ctx: Ctx, input: { id: IdInput } & CouponUpdateInput): Promise<CouponJson> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', notFound);
    const data = parseInput(couponUpdateSchema, input);
    if (data.expires && data.expires < todayInJapan()) throw new ValidationError({ expires: [ja.coupons.expiresPast] });
    return transaction(ctx.em, async (em) => {
      const coupon = await em.findOne(Coupon, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!coupon) throw notFound();
      const before = toJson(coupon);
      if (data.max_uses !== undefined && data.max_uses !== null && data.max_uses < coupon.usedCount) {
        throw new ValidationError({ max_uses: [ja.coupons.maxUsesBelowUsed(coupon.usedCount)] });
      }
      if (data.expires !== undefined) {
        const until = data.expires === null ? null : japanInstant(addDays(data.expires, 1));
        if (until && coupon.validFrom && until <= new Date(coupon.validFrom)) {
          throw new ValidationError({ expires: [ja.coupons.expiresBeforeStart] });
        }
        coupon.validUntil = until;
      }
      if (data.name !== undefined) coupon.name = data.name || coupon.code;
      if (data.max_uses !== undefined) coupon.maxUses = data.max_uses;
      if (data.max_uses_per_guest !== undefined) coupon.maxUsesPerUser = data.max_uses_per_guest;
      if (data.first_booking_only !== undefined) coupon.firstBookingOnly = data.first_booking_only;
      if (data.min_amount !== undefined) coupon.minAmount = data.min_amount;
      await em.flush();
      const after = toJson(coupon);
      deps.audit.record(withEm(ctx, em), {
        entityType: 'coupon',
        entityId: coupon.id,
        action: 'update',
        before: { ...before },
        after: { ...after },
      });
      await em.flush();
      return after;
    });
  }

  /**
   * POST /api/v1/admin/coupons/{id}/deactivation (CLI deactivate-coupon): the code stops working at once (the quote
   * and the booking read `active`; `consume` refuses an inactive row too). Reservations already made keep their
   * discount: nothing about them changes. Final: a stopped code is not reactivated (a leaked code stays dead; a new
   * code is made instead), so a second deactivation is a 409.
   */
  async function deactivate(ctx: Ctx, input: { id: IdInput }): Promise<CouponJson> {
    requireAdmin(ctx);
    const id = idFrom(input, 'id', notFound);
    return transaction(ctx.em, async (em) => {
      const coupon = await em.findOne(Coupon, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!coupon) throw notFound();
      if (!coupon.active) throw new ConflictError(ja.coupons.deactivateInactive);
      const before = toJson(coupon);
      coupon.active = false;
      await em.flush();
      const after = toJson(coupon);
      deps.audit.record(withEm(ctx, em), {
        entityType: 'coupon',
        entityId: coupon.id,
        action: 'deactivate',
        before: { ...before },
        after: { ...after },
      });
      await em.flush();
      return after;
    });
  }

  return { create, list, detail, update, deactivate };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
