// The dashboards' answers (GET /api/v1/admin/dashboard, GET /brand/api/v1/dashboard): one series per chart, every
// bucket present (a week or month without rows is 0). Weeks start on Monday and months on the 1st, in Japan time.
// Browser-safe: the pages take their types from here.
import { z } from 'zod';
import { countJson, dateJson, dateTimeJson, idJson, timeJson } from '#src/lib/isomorphic/validate';
import { APPROVAL_WAIT_BUCKETS, INQUIRY_KINDS } from './dashboards.shared';

/** Integer yen (a sum; 0 or more). */
const yenJson = () => z.number().int().min(0);

export const bookingWeekJsonSchema = z
  .object({
    /** The week's Monday (Japan time). */
    week_start: dateJson(),
    /** Reservations confirmed (paid) in the week, whatever became of them later. */
    bookings: countJson(),
    /** Their total_amount, integer yen. */
    gross_amount: yenJson(),
  })
  .meta({ id: 'DashboardBookingWeek' });

export const cancellationWeekJsonSchema = z
  .object({
    week_start: dateJson(),
    /** Confirmed reservations cancelled in the week (by the guest or the host). */
    cancellations: countJson(),
    /** Refunds decided in the week (pending or paid back). */
    refunds: countJson(),
    refund_amount: yenJson(),
  })
  .meta({ id: 'DashboardCancellationWeek' });

export const userWeekJsonSchema = z.object({ week_start: dateJson(), new_users: countJson() }).meta({ id: 'DashboardUserWeek' });

export const inquiryStatusJsonSchema = z
  .object({ kind: z.enum(INQUIRY_KINDS), unresolved: countJson(), resolved: countJson() })
  .meta({ id: 'DashboardInquiryStatus' });

export const approvalWaitJsonSchema = z
  .object({ bucket: z.enum(APPROVAL_WAIT_BUCKETS), experiences: countJson() })
  .meta({ id: 'DashboardApprovalWait' });

export const adminDashboardJsonSchema = z
  .object({
    /** The instant the buckets were cut at. */
    as_of: dateTimeJson(),
    bookings: z.array(bookingWeekJsonSchema),
    cancellations: z.array(cancellationWeekJsonSchema),
    new_users: z.array(userWeekJsonSchema),
    inquiries: z.array(inquiryStatusJsonSchema),
    /** Experiences waiting for approval, by how long since they were last submitted. */
    awaiting_approval: z.array(approvalWaitJsonSchema),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboardJson = z.infer<typeof adminDashboardJsonSchema>;

export const participantMonthJsonSchema = z
  .object({
    /** The month, `2026-11`. */
    month: z.string().meta({ example: '2026-11' }),
    /** Seats taken on the month's dates (calendars.participant_number) of the brand's communities' experiences. */
    participants: countJson(),
  })
  .meta({ id: 'DashboardParticipantMonth' });

export const applicationMonthJsonSchema = z
  .object({ month: z.string().meta({ example: '2026-11' }), applications: countJson() })
  .meta({ id: 'DashboardApplicationMonth' });

export const upcomingEventJsonSchema = z
  .object({
    calendar_id: idJson(),
    experience_id: idJson(),
    title: z.string(),
    community_name: z.string(),
    date: dateJson(),
    start_time: timeJson(),
    participant_number: countJson(),
    recruitment_number: countJson(),
    /** participant_number / recruitment_number in whole percent, rounded down. */
    fill_percent: z.number().int().min(0).max(100),
  })
  .meta({ id: 'DashboardUpcomingEvent' });

export const brandDashboardJsonSchema = z
  .object({
    as_of: dateTimeJson(),
    participants: z.array(participantMonthJsonSchema),
    applications: z.array(applicationMonthJsonSchema),
    upcoming_events: z.array(upcomingEventJsonSchema),
  })
  .meta({ id: 'BrandDashboard' });
export type BrandDashboardJson = z.infer<typeof brandDashboardJsonSchema>;
