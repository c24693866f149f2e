// The reservation page's error screen (spec: the whole screen is the error list).
import { ja } from '#src/i18n/ja';

export function ErrorScreen({ messages }: { messages: string[] }) {
  return (
    <section className="page page--narrow reservation-error" data-testid="reservation-error">
      <div className="panel">
        <h1 className="page__title">{ja.reservations.errorTitle}</h1>
        <ul className="alert alert--error" role="alert">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        <a className="button" href="/stories">
          {ja.reservations.errorListLink}
        </a>
      </div>
    </section>
  );
}
