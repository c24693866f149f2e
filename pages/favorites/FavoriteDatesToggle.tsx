// /favorites: the switch of the mail about new dates of hearted experiences (the same setting as /account's
// お知らせメール). It saves at once; a failed save puts the box back and says why.
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
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
          disabled={busy}
          onChange={(e) => void change(e.target.checked)}
          data-testid="favorite-dates-toggle"
        />
        <span>{t.favoritesToggle}</span>
      </label>
      {message && (
        <p className={message.error ? 'alert alert--error' : 'muted favorites__mail-status'} role="status">
          {message.text}
        </p>
      )}
    </div>
  );
}
