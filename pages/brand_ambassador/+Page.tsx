// The brand-ambassador program's marketing page (guest-and-host.md §1): what brands and ambassadors get,
// the seven-step introduction flow, and the way to the inquiry form.
import * as ja from '#src/i18n/ja';
import './brand-ambassador.css';

const t = ja.brandAmbassador;

// Simple line icons (24x24, stroke) for the benefit cards; emoji fonts are not available everywhere.
const ICONS: Record<string, string> = {
  team: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM21 19v-1a4 4 0 0 0-3-3.9M15.5 4.1a3 3 0 0 1 0 5.8',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  gift: 'M20 12v9H4v-9M2 7h20v5H2zM12 21V7M12 7H8a2.5 2.5 0 1 1 0-5c3 0 4 5 4 5ZM12 7h4a2.5 2.5 0 1 0 0-5c-3 0-4 5-4 5Z',
  calendar: 'M4 5h16v16H4zM16 3v4M8 3v4M4 10h16',
  check: 'M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h9',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12Z',
};
const BRAND_ICONS = ['team', 'chart', 'gift'];
const AMBASSADOR_ICONS = ['calendar', 'check', 'chat'];

function Icon({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

export default function Page() {
  return (
    <div className="ba">
      <section className="ba-hero">
        <div className="ba-hero__inner">
          <p className="ba-hero__eyebrow">{t.eyebrow}</p>
          <h1 className="ba-hero__title">
            {t.heroTitleLines.map((line) => (
              <span key={line} className="ba-hero__line">
                {line}
              </span>
            ))}
          </h1>
          <p className="ba-hero__lead">{t.heroLead}</p>
          <div className="ba-hero__actions">
            <a className="button ba-hero__cta" href="/brand_ambassador/inquiry">
              {t.ctaInquiry}
            </a>
            <a className="button button--ghost ba-hero__sub" href="/brand_ambassador/list">
              {t.ctaList}
            </a>
          </div>
        </div>
        <figure className="ba-hero__diagram" aria-label={t.conceptTitle}>
          <div className="ba-node ba-node--brand">
            <strong>{t.conceptBrand}</strong>
            <span>{t.conceptBrandBody}</span>
          </div>
          <div className="ba-link">
            <span className="ba-link__label">{t.conceptMatch}</span>
          </div>
          <div className="ba-node ba-node--ambassador">
            <strong>{t.conceptAmbassador}</strong>
            <span>{t.conceptAmbassadorBody}</span>
          </div>
          <div className="ba-link ba-link--down" aria-hidden="true" />
          <div className="ba-node ba-node--guest">
            <strong>{t.conceptGuest}</strong>
            <span>{t.conceptGuestBody}</span>
          </div>
        </figure>
      </section>

      <section className="ba-section ba-section--tinted">
        <div className="ba-section__inner ba-benefits">
          <div className="ba-benefits__col">
            <h2 className="ba-section__title">{t.forBrandsTitle}</h2>
            <p className="ba-section__lead">{t.forBrandsLead}</p>
            <ul className="ba-cards">
              {t.forBrands.map((item, i) => (
                <li key={item.title} className="ba-card">
                  <span className="ba-card__icon">
                    <Icon name={BRAND_ICONS[i]} />
                  </span>
                  <h3 className="ba-card__title">{item.title}</h3>
                  <p className="ba-card__body">{item.body}</p>
                </li>
              ))}
            </ul>
          </div>
          <div className="ba-benefits__col">
            <h2 className="ba-section__title">{t.forAmbassadorsTitle}</h2>
            <p className="ba-section__lead">{t.forAmbassadorsLead}</p>
            <ul className="ba-cards">
              {t.forAmbassadors.map((item, i) => (
                <li key={item.title} className="ba-card ba-card--ambassador">
                  <span className="ba-card__icon">
                    <Icon name={AMBASSADOR_ICONS[i]} />
                  </span>
                  <h3 className="ba-card__title">{item.title}</h3>
                  <p className="ba-card__body">{item.body}</p>
                </li>
              ))}
            </ul>
            <p className="ba-note">{t.ambassadorNote}</p>
          </div>
        </div>
      </section>

      <section className="ba-section">
        <div className="ba-section__inner">
          <h2 className="ba-section__title">{t.flowTitle}</h2>
          <p className="ba-section__lead">{t.flowLead}</p>
          <ol className="ba-flow">
            {t.flow.map((step, i) => (
              <li key={step.title} className="ba-flow__step">
                <span className="ba-flow__num">{t.stepLabel(i + 1)}</span>
                <h3 className="ba-flow__title">{step.title}</h3>
                <p className="ba-flow__body">{step.body}</p>
                {i === 0 && (
                  <a className="ba-flow__link" href="/brand_ambassador/inquiry">
                    {t.flowInquiryLink} →
                  </a>
                )}
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="ba-closing">
        <div className="ba-closing__inner">
          <h2 className="ba-closing__title">{t.closingTitle}</h2>
          <p>{t.closingBody}</p>
          <div className="ba-hero__actions ba-closing__actions">
            <a className="button ba-closing__cta" href="/brand_ambassador/inquiry">
              {t.ctaInquiry}
            </a>
            <a className="ba-closing__link" href="/brand_ambassador/list">
              {t.ctaList} →
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}
