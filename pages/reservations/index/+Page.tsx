// https://vike.dev/Page — /reservations: the guest's upcoming and past reservations (Japan time), each
// with the experience, dates and times, people, option, amount and status; a link to the detail.
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import { Pagination } from '#src/components/Pagination';
import { CardImage } from '#src/components/CardImage';
import type { Data } from './+data';
import { Schedule, StatusBadge } from '#pages/reservations/parts';
import '#pages/reservations/reservations.css';
import { WaitlistSection } from './WaitlistSection';

const t = ja.guestReservations;

export default function Page() {
  const list = useData<Data>();
  const totalPages = Math.max(1, Math.ceil(list.total / list.per_page));
  const tabs = [
    { scope: 'upcoming', label: t.upcoming },
    { scope: 'past', label: t.past },
  ] as const;
  return (
    <div className="page page--narrow reservations-page">
      <h1 className="page__title">{t.listTitle}</h1>
      <p className="muted">{t.listLead}</p>
      <WaitlistSection initial={list.waitlist} />
      <nav className="tabs" aria-label={t.listTitle}>
        {tabs.map((tab) => (
          <a
            key={tab.scope}
            className="tabs__tab"
            href={tab.scope === 'upcoming' ? '/reservations' : '/reservations?scope=past'}
            aria-current={list.scope === tab.scope ? 'page' : undefined}
          >
            {tab.label}
          </a>
        ))}
      </nav>
      {/* The list's own heading (the tab shown), so heading navigation does not file it under the waitlist's. */}
      <h2 className="visually-hidden">{list.scope === 'upcoming' ? t.upcoming : t.past}</h2>
      {list.reservations.length === 0 ? (
        <div className="panel reservations-empty">
          <p>{list.scope === 'upcoming' ? t.emptyUpcoming : t.emptyPast}</p>
          <a className="button" href="/stories">
            {t.findExperiences}
          </a>
        </div>
      ) : (
        <ul className="reservation-list" data-testid="reservation-list">
          {list.reservations.map((r) => (
            <li key={r.id} className="card reservation-item" data-testid="reservation-item" data-reservation-id={r.id}>
              <a className="reservation-item__link" href={`/reservations/${r.id}`}>
                <CardImage
                  className="reservation-item__image"
                  url={r.image_url}
                  // The host's text for the photo; without one it only decorates the link its title names.
                  alt={r.image_alt ?? ''}
                  sizes="(max-width: 767px) 88px, 120px"
                  width={120}
                  height={90}
                  fallback={<span className="reservation-item__image" aria-hidden="true" />}
                />
                <span className="reservation-item__body">
                  <span className="reservation-item__head">
                    <StatusBadge status={r.display_status} />
                    <span className="muted reservation-item__number">{t.reservationNumber(r.id)}</span>
                  </span>
                  <span className="reservation-item__title">{r.title}</span>
                  <Schedule calendars={r.calendars} />
                  <span className="reservation-item__meta">
                    {t.peopleCount(r.number_of_people)}
                    {r.option ? ` ・ ${t.option}: ${r.option.name}` : ''}
                    {` ・ ${t.total} ${formatYen(r.amounts.total)}`}
                  </span>
                  {r.cancellation && r.cancellation.refund_amount > 0 && (
                    <span className="reservation-item__meta">
                      {t.refundAmount}: {formatYen(r.cancellation.refund_amount)}
                    </span>
                  )}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        totalPages={totalPages}
        href={(p) => (list.scope === 'past' ? `/reservations?scope=past&page=${p}` : `/reservations?page=${p}`)}
      />
    </div>
  );
}
