// https://vike.dev/Page — /account/data-export/{token}: the mailed link of a copy of one's data. Plain links to the two
// files (each download checks the token and the account again); an unusable link says why and where to ask again.
import { useData } from 'vike-react/useData';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import type { Data } from './+data';
import '#pages/account/account.css';
import * as ja from '#src/i18n/ja';

const t = ja.dataExport;

export default function Page() {
  const { link } = useData<Data>();
  return (
    <div className="page page--narrow account-page">
      <h1 className="page__title">{t.pageTitle}</h1>
      {link ? (
        <section className="panel account-page__section" data-testid="data-export-links">
          <p>{t.pageLead(formatInstantDateTimeJa(link.expires_at))}</p>
          <div className="account-page__downloads">
            <a className="button" href={link.json_url} download data-testid="download-json">
              {t.downloadJson}
            </a>
            <a className="button button--ghost" href={link.csv_url} download data-testid="download-csv">
              {t.downloadCsv}
            </a>
          </div>
        </section>
      ) : (
        <section className="panel account-page__section">
          <p className="alert alert--error" role="alert" data-testid="data-export-unusable">
            {t.notFound}
          </p>
          <a className="button button--ghost" href="/account">
            {ja.leaving.backToAccount}
          </a>
        </section>
      )}
    </div>
  );
}
