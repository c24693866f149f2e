// The experience page's 開催リクエスト button (spec §6). Its own module so the page loads its code after hydrating
// (hydrateLater in +Page.tsx); a press before then is carried out once it has hydrated (src/components/later-press.ts).
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import { LiveRegion } from '#src/components/LiveRegion';
import { busyControl } from '#src/components/form/busy-control';
import { api, ApiError, logonUrl } from '#src/lib/isomorphic/api-client';
import type { HoldingRequestJson } from '#src/modules/holding-requests/holding-requests.schemas';

export function HoldingRequest({ experienceId }: { experienceId: number }) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    setResult(null);
    try {
      const created = await api<HoldingRequestJson>(`/api/v1/experiences/${experienceId}/holding_requests`, { method: 'POST' });
      setResult({ ok: true, text: created.message });
    } catch (error) {
      // Spec §6: a 403 (signed out) sends the visitor to sign in, then back here.
      if (error instanceof ApiError && error.status === 403) {
        window.location.assign(logonUrl(window.location.pathname));
        return;
      }
      setResult({ ok: false, text: ja.browse.holdingFailed(error instanceof ApiError ? error.all()[0] : ja.common.unexpectedError) });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="story__holding">
      <h3 className="story__holding-title">{ja.browse.holdingTitle}</h3>
      <p className="story__holding-lead">{ja.browse.holdingLead}</p>
      <button
        type="button"
        className="button button--ghost button--small"
        {...busyControl(sending, { onClick: send })}
        data-testid="holding-request"
      >
        {ja.browse.holdingButton}
      </button>
      <LiveRegion>
        {result && (
          <p className={result.ok ? 'alert alert--success story__holding-result' : 'alert alert--error story__holding-result'}>
            {result.text}
          </p>
        )}
      </LiveRegion>
    </div>
  );
}
