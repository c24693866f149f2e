// カレンダーに追加 on /reservations/{id} (a confirmed reservation): the .ics file the confirmation mail attaches
// (GET /api/v1/reservations/{id}/calendar.ics, every date in one file) and a Google Calendar link per date. Times are
// Japan time: the file names its zone (TZID=Asia/Tokyo), the Google link passes ctz=Asia/Tokyo.
import { joinAddress } from '#src/lib/isomorphic/address';
import * as ja from '#src/i18n/ja';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import type { Data } from './+data';

const compact = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;

/** Google Calendar's event template for one date of the reservation. */
export function googleCalendarUrl(
  r: Pick<Data, 'id' | 'title' | 'online' | 'state' | 'address'>,
  slot: { date: string; start_time: string; end_time: string },
  origin: string,
): string {
  const place = r.online ? ja.guestReservations.icsOnline : joinAddress(r.state, r.address);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: ja.guestReservations.icsSummary(r.title),
    dates: `${compact(slot.date, slot.start_time)}/${compact(slot.date, slot.end_time)}`,
    ctz: 'Asia/Tokyo',
    details: ja.guestReservations.icsDescription(`${origin}/reservations/${r.id}`),
    location: place,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function CalendarLinks({ r }: { r: Data }) {
  if (r.status !== 'confirmed') return null;
  return (
    <section className="panel calendar-links" aria-labelledby="calendar-links-title" data-testid="calendar-links">
      <h2 id="calendar-links-title" className="calendar-links__title">
        {ja.calendarLinks.title}
      </h2>
      <p>
        <a className="button button--ghost" href={`/api/v1/reservations/${r.id}/calendar.ics`} download data-testid="calendar-ics">
          {ja.calendarLinks.ics}
        </a>
      </p>
      <p className="muted calendar-links__hint">{ja.calendarLinks.icsHint}</p>
      <ul className="calendar-links__google">
        {r.calendars.map((slot) => (
          <li key={slot.id}>
            <a href={googleCalendarUrl(r, slot, r.origin)} target="_blank" rel="noopener noreferrer" data-testid="calendar-google">
              {ja.calendarLinks.google(formatDateJa(slot.date))}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
