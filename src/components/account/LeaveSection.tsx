// The account page's last section: what leaving (退会) means in one line and the way to the confirmation page.
import * as ja from '#src/i18n/ja';

const t = ja.leaving;

export function LeaveSection() {
  return (
    <section className="panel account-page__section" aria-labelledby="account-leave">
      <h2 id="account-leave" className="account-page__heading">
        {t.sectionHeading}
      </h2>
      <p className="muted">{t.sectionLead}</p>
      <a className="button button--ghost account-page__leave-link" href="/account/leave" data-testid="leave-link">
        {t.sectionLink}
      </a>
    </section>
  );
}
