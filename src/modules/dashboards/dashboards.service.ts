// The dashboards: the administrator's weekly charts (/admin, GET /api/v1/admin/dashboard) and the brand portal's
// monthly charts and next dates (/brand, GET /brand/api/v1/dashboard). Each chart is one statement
// (dashboard-queries.ts); the charts of one answer run at once and are cut at the same instant.
import { requireAdmin, requireBrandMember, type Ctx } from '#src/lib/context';
import { pendingByWait } from '#src/modules/experiences/approval-queue.repository';
import { dashboardQueries as q } from './dashboard-queries';
import type { AdminDashboardJson, BrandDashboardJson } from './dashboards.schemas';
import { APPROVAL_WAIT_BUCKETS, type InquiryKind } from './dashboards.shared';

export type DashboardsDeps = Record<string, never>;

export function createDashboardsService(_deps: DashboardsDeps = {}) {
  /** GET /api/v1/admin/dashboard: the last 26 weeks (Japan time) of bookings, cancellations and sign-ups; the queues. */
  async function admin(ctx: Ctx, _input: Record<string, unknown> = {}): Promise<AdminDashboardJson> {
    requireAdmin(ctx);
    const now = new Date();
    const [bookings, cancellations, newUsers, inquiries, waits] = await Promise.all([
      q.bookings(ctx.em, now),
      q.cancellations(ctx.em, now),
      q.newUsers(ctx.em, now),
      q.inquiries(ctx.em),
      pendingByWait(ctx.em, now),
    ]);
    return {
      as_of: now.toISOString(),
      bookings: bookings.map((row) => ({ week_start: row.week_start, bookings: row.bookings, gross_amount: Number(row.gross_amount) })),
      cancellations: cancellations.map((row) => ({
        week_start: row.week_start,
        cancellations: row.cancellations,
        refunds: row.refunds,
        refund_amount: Number(row.refund_amount),
      })),
      new_users: newUsers,
      inquiries: inquiries.map((row) => ({ kind: row.kind as InquiryKind, unresolved: row.unresolved, resolved: row.resolved })),
      awaiting_approval: APPROVAL_WAIT_BUCKETS.map((bucket, i) => ({ bucket, experiences: waits[i] })),
    };
  }

  /** GET /brand/api/v1/dashboard: the signed-in member's brand's last 12 months and its next dates. */
  async function brand(ctx: Ctx, _input: Record<string, unknown> = {}): Promise<BrandDashboardJson> {
    const { brandId } = requireBrandMember(ctx);
    const now = new Date();
    const [participants, applications, upcoming] = await Promise.all([
      q.participants(ctx.em, now, brandId),
      q.applications(ctx.em, now, brandId),
      q.upcoming(ctx.em, now, brandId),
    ]);
    return {
      as_of: now.toISOString(),
      participants,
      applications,
      upcoming_events: upcoming.map((row) => ({
        calendar_id: Number(row.calendar_id),
        experience_id: Number(row.experience_id),
        title: row.title,
        community_name: row.community_name,
        date: row.date,
        start_time: row.start_time,
        participant_number: row.participant_number,
        recruitment_number: row.recruitment_number,
        fill_percent: Math.floor((row.participant_number * 100) / row.recruitment_number),
      })),
    };
  }

  return { admin, brand };
}

export type DashboardsService = ReturnType<typeof createDashboardsService>;
