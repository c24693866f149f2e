// Pieces shared by /reservations and /reservations/{id}: the status badge and the schedule lines.
import { formatDateJa } from '#src/lib/isomorphic/dates';
import * as ja from '#src/i18n/ja';
import type { DisplayStatus, ReservationSummary } from '#src/modules/reservations/guest-reservations.schemas';

const BADGE: Record<DisplayStatus, string> = {
  confirmed: 'badge badge--success',
  refunded: 'badge',
  refund_pending: 'badge badge--warning',
  cancelled: 'badge badge--muted',
  pending: 'badge badge--muted',
  failed: 'badge badge--muted',
  expired: 'badge badge--muted',
};

export function StatusBadge({ status }: { status: DisplayStatus }) {
  return (
    <span className={BADGE[status]} data-testid="reservation-status">
      {ja.guestReservations.statuses[status]}
    </span>
  );
}

export function Schedule({ calendars }: { calendars: ReservationSummary['calendars'] }) {
  return (
    <ul className="reservation-schedule">
      {calendars.map((c) => (
        <li key={c.id}>
          <time dateTime={`${c.date}T${c.start_time}+09:00`}>
            {formatDateJa(c.date)} {ja.reservations.timeRange(c.start_time, c.end_time)}
          </time>
        </li>
      ))}
    </ul>
  );
}
