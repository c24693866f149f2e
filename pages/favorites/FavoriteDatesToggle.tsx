// /favorites: the switch of the mail about new dates of hearted experiences (the same setting as /account's
// お知らせメール). It saves at once; a failed save puts the box back and says why. While it saves the box keeps the
// focus (aria-disabled, not disabled: that would drop the focus to <body>) and a change is ignored, so the box shows
// what is being saved.
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import { LiveRegion } from '#src/components/LiveRegion';
import { api, ApiError } from '#src/lib/isomorphic/api-client';

const t = ja.favoriteDates;

export function FavoriteDatesToggle({ initial }: { initial: boolean }) {
  const [on, setOn] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  async function change(next: boolean) {
    setOn(next);
    setBusy(true);
    setMessage(null);
    try {
      await api('/api/v1/account/notifications', { method: 'PUT', body: { favorite_dates: next } });
      setMessage({ error: false, text: next ? t.favoritesOn : t.favoritesOff });
    } catch (error) {
      setOn(!next);
      setMessage({ error: true, text: error instanceof ApiError ? error.all()[0] : ja.common.unexpectedError });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="favorites__mail">
      <label className="favorites__mail-check">
        <input
          type="checkbox"
          checked={on}
          aria-disabled={busy || undefined}
          onChange={(e) => {
            if (!busy) void change(e.target.checked);
          }}
          data-testid="favorite-dates-toggle"
        />
        <span>{t.favoritesToggle}</span>
      </label>
      <LiveRegion>
        {message && <p className={message.error ? 'alert alert--error' : 'muted favorites__mail-status'}>{message.text}</p>}
      </LiveRegion>
    </div>
  );
}
