// https://vike.dev/Page — the development mailbox: every mail the app wrote, newest first.
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';
import './mails.css';

const dateTime = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'short' });

export default function Page() {
  const { mails } = useData<Data>();
  return (
    <section className="page dev-mails" data-testid="dev-mails">
      <h1 className="page__title">{ja.devMail.title}</h1>
      <p className="muted">{ja.devMail.lead}</p>
      {mails.length === 0 ? (
        <p className="empty">{ja.devMail.empty}</p>
      ) : (
        <ul className="dev-mails__list">
          {mails.map((mail) => (
            <li key={mail.id} className="card dev-mail" data-testid="dev-mail">
              <details>
                <summary>
                  <span className={`badge dev-mail__status dev-mail__status--${mail.status}`}>{ja.devMail.statuses[mail.status]}</span>
                  <span className="dev-mail__subject">{mail.subject}</span>
                  <span className="dev-mail__meta">
                    {ja.devMail.to}: {mail.to} ・ {dateTime.format(new Date(mail.created_at))}
                  </span>
                </summary>
                <dl className="dev-mail__details">
                  <dt>{ja.devMail.attempts}</dt>
                  <dd>{mail.attempts}</dd>
                  {mail.attachments.length > 0 && (
                    <>
                      <dt>{ja.guestReservations.devMailAttachments}</dt>
                      <dd data-testid="dev-mail-attachments">{mail.attachments.map((a) => a.filename).join(', ')}</dd>
                    </>
                  )}
                  {mail.sent_at && (
                    <>
                      <dt>{ja.devMail.sentAt}</dt>
                      <dd>{dateTime.format(new Date(mail.sent_at))}</dd>
                    </>
                  )}
                </dl>
                <pre className="dev-mail__body">{mail.text}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
