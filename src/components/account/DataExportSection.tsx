// The account page's section for a copy of one's data: the latest request's state and the button that asks for a
// new one (POST /api/v1/account/data-exports). The files are downloaded from the mailed link, never from here.
import { useState } from 'react';
import { busyControl } from '#src/components/form/busy-control';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import { formatInstantDateTimeJa } from '#src/lib/isomorphic/dates';
import type { DataExportJson } from '#src/modules/data-exports/data-exports.schemas';

const t = ja.dataExport;

export function DataExportSection({ latest }: { latest: DataExportJson | null }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = latest?.status === 'pending';
  async function requestCopy() {
    setBusy(true);
    setError(null);
    try {
      await api('/api/v1/account/data-exports', { method: 'POST' });
      await reloadPage(t.requested);
    } catch (e) {
      setError(e instanceof Error ? e.message : ja.common.unexpectedError);
      setBusy(false);
    }
  }
  return (
    <section className="panel account-page__section" aria-labelledby="account-data-export" data-testid="data-export-section">
      <h2 id="account-data-export" className="account-page__heading">
        {t.sectionHeading}
      </h2>
      <p className="muted">{t.sectionLead}</p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      {latest?.status === 'pending' && (
        <p className="alert alert--info" data-testid="data-export-state">
          {t.pending}
        </p>
      )}
      {latest?.status === 'ready' && latest.expires_at && (
        <p className="alert alert--success" data-testid="data-export-state">
          {t.ready(formatInstantDateTimeJa(latest.expires_at))}
        </p>
      )}
      {latest?.status === 'failed' && (
        <p className="alert alert--error" data-testid="data-export-state">
          {t.failed}
        </p>
      )}
      {!pending && (
        <button
          type="button"
          className="button"
          {...busyControl(busy, { onClick: () => void requestCopy() })}
          data-testid="request-data-export"
        >
          {latest ? t.requestAgain : t.request}
        </button>
      )}
    </section>
  );
}
