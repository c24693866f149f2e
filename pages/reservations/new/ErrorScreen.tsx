// The reservation page's error screen (spec: the whole screen is the error list).
import { useEffect } from 'react';
import * as ja from '#src/i18n/ja';
import { dropDraft, useDraftKey } from './draft';

export function ErrorScreen({ messages }: { messages: string[] }) {
  // These dates cannot be booked now: what was typed for them is not brought back if they can be again.
  const draftKey = useDraftKey();
  useEffect(() => dropDraft(draftKey), [draftKey]);
  return (
    <section className="page page--narrow reservation-error" data-testid="reservation-error">
      <div className="panel">
        <h1 className="page__title">{ja.reservations.errorTitle}</h1>
        {/* role="alert" on the <ul> itself would hide that it is a list (its items would be orphans). */}
        <div role="alert">
          <ul className="alert alert--error">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
        <a className="button" href="/stories">
          {ja.reservations.errorListLink}
        </a>
      </div>
    </section>
  );
}
