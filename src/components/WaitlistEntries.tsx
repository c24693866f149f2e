// The guest's キャンセル待ち entries (the experience page's panel and /reservations): the slot, the party, the place
// in line or the offer with its end and the link to the reservation form, and the button that leaves (or declines).
import { useState } from 'react';
import { busyControl } from '#src/components/form/busy-control';
import * as ja from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import { formatInstantDateTimeJa, weekdayOf } from '#src/lib/isomorphic/dates';
import type { WaitlistEntryJson } from '#src/modules/reservations/waitlist.schemas';
import './waitlist.css';

const w = ja.waitlist;

export function slotLabel(entry: Pick<WaitlistEntryJson, 'date' | 'start_time' | 'end_time'>): string {
  const [, m, d] = entry.date.split('-').map(Number);
  return `${ja.dates.monthDay(m, d, ja.dates.weekdays[weekdayOf(entry.date)])} ${entry.start_time}〜${entry.end_time}`;
}

export function WaitlistEntries({
  entries,
  showTitle,
  onChange,
}: {
  entries: WaitlistEntryJson[];
  /** /reservations names the experience, as a heading (h3 under its h2); the experience page does not need to. */
  showTitle: boolean;
  onChange(entries: WaitlistEntryJson[]): void;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function leave(entry: WaitlistEntryJson) {
    if (!window.confirm(entry.status === 'offered' ? w.declineConfirm : w.leaveConfirm)) return;
    setBusy(entry.id);
    setError(null);
    try {
      await api<WaitlistEntryJson>(`/api/v1/waitlist/${entry.id}`, { method: 'DELETE' });
      onChange(entries.filter((e) => e.id !== entry.id));
    } catch (err) {
      setError(err instanceof ApiError ? err.all()[0] : ja.common.unexpectedError);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <ul className="waitlist-entries" data-testid="waitlist-entries">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className={entry.offer ? 'waitlist-entry waitlist-entry--offered' : 'waitlist-entry'}
            data-testid="waitlist-entry"
            data-status={entry.status}
          >
            <div className="waitlist-entry__body">
              {showTitle && (
                <h3 className="waitlist-entry__title">
                  <a href={`/stories/${entry.tour_id}`}>{entry.title}</a>
                </h3>
              )}
              <span className="waitlist-entry__when">{slotLabel(entry)}</span>
              <span className="waitlist-entry__meta">
                <span className={`badge waitlist-entry__status waitlist-entry__status--${entry.status}`}>{w.statuses[entry.status]}</span>
                {w.people(entry.number_of_people)}
                {entry.position !== null && <strong data-testid="waitlist-position"> ・ {w.position(entry.position)}</strong>}
              </span>
              {entry.offer && (
                <span className="waitlist-entry__until">{w.offerUntil(formatInstantDateTimeJa(entry.offer.expires_at))}</span>
              )}
            </div>
            <div className="waitlist-entry__actions">
              {entry.offer && (
                <a className="button button--small" href={entry.offer.reserve_url} data-testid="waitlist-proceed">
                  {w.proceed}
                </a>
              )}
              {(entry.status === 'waiting' || entry.status === 'offered') && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  {...busyControl(busy === entry.id, { onClick: () => void leave(entry) })}
                  data-testid="waitlist-leave"
                >
                  {entry.status === 'offered' ? w.decline : w.leave}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
