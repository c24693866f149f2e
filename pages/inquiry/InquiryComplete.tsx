// The completion screen of both inquiry forms (guest contact and brand-ambassador program).
import { ja } from '#src/i18n/ja';
import './inquiry.css';

const t = ja.inquiries;

export function InquiryComplete({
  completed,
  title,
  body,
  formHref,
}: {
  completed: boolean;
  title: string;
  body: string;
  formHref: string;
}) {
  return (
    <section className="page page--narrow">
      <div className="panel inquiry-complete">
        <div className={completed ? 'inquiry-complete__mark' : 'inquiry-complete__mark inquiry-complete__mark--expired'} aria-hidden="true">
          {completed ? '✓' : '!'}
        </div>
        <h1 data-testid="complete-title">{completed ? title : t.expiredTitle}</h1>
        <p>{completed ? body : t.expiredBody}</p>
        <p className="inquiry-complete__actions">
          <a className="button" href="/">
            {t.toTop}
          </a>
          {!completed && (
            <a className="button button--ghost" href={formHref}>
              {t.toForm}
            </a>
          )}
        </p>
      </div>
    </section>
  );
}
