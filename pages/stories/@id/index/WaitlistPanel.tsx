// The experience page's キャンセル待ち panel: the full slots of the first window (open, before their booking deadline)
// can be joined for a party; a signed-in guest sees their entries on this experience (place in line, offers) and
// leaves them. Its own module, loaded after the page hydrates (hydrateLater in +Page.tsx), like 開催リクエスト.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import * as ja from '#src/i18n/ja';
import { api, ApiError, logonUrl } from '#src/lib/isomorphic/api-client';
import type { SlotJson } from '#src/modules/calendars/calendars.schemas';
import type { WaitlistEntryJson, WaitlistJson } from '#src/modules/reservations/waitlist.schemas';
import { LiveRegion } from '#src/components/LiveRegion';
import { busyControl } from '#src/components/form/busy-control';
import { slotLabel, WaitlistEntries } from '#src/components/WaitlistEntries';

const w = ja.waitlist;

export function WaitlistPanel({
  experienceId,
  price,
  calendars,
  signedIn,
  now,
}: {
  experienceId: number;
  price: number;
  calendars: SlotJson[];
  signedIn: boolean;
  now: number;
}) {
  const full = useMemo(
    () =>
      calendars.filter(
        (c) => c.accepting_reservation && c.participant_number >= c.recruitment_number && Date.parse(c.reservation_deadline_at) > now,
      ),
    [calendars, now],
  );
  const [entries, setEntries] = useState<WaitlistEntryJson[]>([]);
  const joinable = full.filter((c) => !entries.some((e) => e.calendar_id === c.id));
  const [calendarId, setCalendarId] = useState<number | null>(null);
  const [people, setPeople] = useState(1);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    api<WaitlistJson>(`/api/v1/waitlist?tour_id=${experienceId}`)
      .then((list) => setEntries(list.entries))
      .catch((error) => console.error('waitlist', error));
  }, [signedIn, experienceId]);

  if (full.length === 0 && entries.length === 0) return null;
  const chosen = joinable.find((c) => c.id === calendarId) ?? joinable[0];
  const maxPeople = chosen ? (price === 0 ? 1 : chosen.recruitment_number) : 1;

  async function join(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setSending(true);
    setResult(null);
    try {
      const entry = await api<WaitlistEntryJson>('/api/v1/waitlist', {
        method: 'POST',
        body: { calendar_id: chosen.id, number_of_people: Math.min(people, maxPeople) },
      });
      setEntries((list) => [...list, entry]);
      setResult({ ok: true, text: w.joined(entry.position ?? 1) });
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiError ? error.all()[0] : ja.common.unexpectedError });
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="waitlist-panel" aria-labelledby="waitlist-title" data-testid="waitlist-panel">
      {/* Under the schedule's h2 (the aside it sits in). */}
      <h3 id="waitlist-title" className="waitlist-panel__title">
        {w.title}
      </h3>
      <p className="waitlist-panel__lead">{w.lead}</p>
      {entries.length > 0 && (
        <>
          <p className="waitlist-panel__mine">{w.mine}</p>
          <WaitlistEntries entries={entries} showTitle={false} onChange={setEntries} />
        </>
      )}
      {!signedIn ? (
        <a className="button button--ghost button--small" href={logonUrl(`/stories/${experienceId}`)} data-testid="waitlist-login">
          {w.loginToJoin}
        </a>
      ) : (
        chosen && (
          <form className="waitlist-panel__form" onSubmit={join}>
            <label className="waitlist-panel__field">
              <span className="field__label">{w.slotLabel}</span>
              <select
                className="select"
                value={chosen.id}
                onChange={(e) => setCalendarId(Number(e.target.value))}
                data-testid="waitlist-slot"
              >
                {joinable.map((c) => (
                  <option key={c.id} value={c.id}>
                    {slotLabel(c)}
                  </option>
                ))}
              </select>
            </label>
            <label className="waitlist-panel__field waitlist-panel__field--people">
              <span className="field__label">{w.peopleLabel}</span>
              <select
                className="select"
                value={Math.min(people, maxPeople)}
                onChange={(e) => setPeople(Number(e.target.value))}
                data-testid="waitlist-people"
              >
                {Array.from({ length: maxPeople }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {w.peopleOption(n)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="submit"
              className="button button--small waitlist-panel__join"
              {...busyControl(sending)}
              data-testid="waitlist-join"
            >
              {w.join}
            </button>
          </form>
        )
      )}
      {/* Joined or why not: the answer to the person's press, read out when it comes. */}
      <LiveRegion>
        {result && (
          <p className={result.ok ? 'alert alert--success waitlist-panel__result' : 'alert alert--error waitlist-panel__result'}>
            {result.text}
          </p>
        )}
      </LiveRegion>
    </section>
  );
}
