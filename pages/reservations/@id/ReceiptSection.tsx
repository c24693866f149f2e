// The receipt (領収書) panel of /reservations/{id}: 宛名 and 但し書き, then the PDF download. The form posts to
// POST /api/v1/reservations/{id}/receipt (the server's limits and messages land on the fields) and saves the answer
// as a file; then it reads the receipt's state again, so the panel says it was issued and that the next one is 再発行.
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { apiFile, saveFile, type ApiFile } from '#src/lib/isomorphic/api-file';
import { Field, FormErrors, useForm } from '#src/components/form';
import { LiveRegion } from '#src/components/LiveRegion';
import { ADDRESSEE_MAX, PURPOSE_MAX } from '#src/modules/receipts/receipts.shared';
import type { ReceiptState } from '#src/modules/receipts/receipts.schemas';

const t = ja.receipts;

export function ReceiptSection({ initial }: { initial: ReceiptState }) {
  const [state, setState] = useState(initial);
  const [done, setDone] = useState(false);
  const path = `/api/v1/reservations/${state.reservation_id}/receipt`;
  const form = useForm<{ addressee: string; purpose: string }, ApiFile>({
    path,
    call: apiFile,
    toValues: (data) => ({ addressee: String(data.get('addressee') ?? ''), purpose: String(data.get('purpose') ?? '') }),
    onSuccess: async (file) => {
      saveFile(file);
      setDone(true);
      setState(await api<ReceiptState>(path));
    },
  });

  if (!state.available) return null;
  return (
    <section className="panel reservation-receipt" data-testid="receipt-section">
      <h2>{t.sectionTitle}</h2>
      <p className="muted">{t.lead}</p>
      {state.refunded && <p>{t.refundNote}</p>}
      {state.number && (
        <p className="reservation-receipt__issued" data-testid="receipt-issued">
          {t.reissueNote(state.number, state.issued_count)}
        </p>
      )}
      <LiveRegion>{done && <p className="alert alert--success">{t.downloaded}</p>}</LiveRegion>
      <FormErrors messages={form.errors} />
      <form className="form reservation-receipt__form" {...form.formProps}>
        <Field
          name="addressee"
          label={t.addressee}
          required
          hint={t.addresseeHint}
          max={ADDRESSEE_MAX}
          defaultValue={state.addressee}
          messages={form.messages('addressee')}
        >
          {(control) => <input className="input" defaultValue={state.addressee} autoComplete="organization" {...control} />}
        </Field>
        <Field
          name="purpose"
          label={t.purpose}
          required={false}
          hint={t.purposeHint}
          max={PURPOSE_MAX}
          defaultValue={state.purpose}
          messages={form.messages('purpose')}
        >
          {(control) => <input className="input" defaultValue={state.purpose} placeholder={t.defaultPurpose} {...control} />}
        </Field>
        <button type="submit" className="button" {...form.submitProps} data-testid="receipt-download">
          {form.submitting ? t.downloading : t.download}
        </button>
      </form>
    </section>
  );
}
