// The administrator area's dialog that asks why before an action a person is told of (差し戻す, 非表示にする, この予約を
// 取り消す): a lead, any fields the action needs, the reason (required, its counter at `max`), and 戻る / the action. It
// sends the form to `path` checked with the action's schema, and stays open with the messages when refused.
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Field, FormErrors, Modal, busyControl, useForm, type Form } from '#src/components/form';
import * as ja from '#src/i18n/ja';

export interface ReasonDialogProps<V extends { reason: string }, R> {
  title: string;
  lead: ReactNode;
  testId: string;
  /** The action's call and the schema the server parses its body with. */
  path: string;
  schema: z.ZodType;
  reasonLabel: string;
  max: number;
  submitLabel: string;
  /** Fields before the reason (their values read by `toValues`). */
  fields?: (form: Form<V>) => ReactNode;
  /** The body from the form; the reason alone by default. */
  toValues?: (data: FormData) => V;
  onClose: () => void;
  onDone: (result: R) => void;
}

const reasonOnly = (data: FormData) => ({ reason: String(data.get('reason') ?? '') });

export function ReasonDialog<V extends { reason: string } = { reason: string }, R = unknown>(props: ReasonDialogProps<V, R>) {
  const form = useForm<V, R>({
    schema: props.schema,
    path: props.path,
    toValues: props.toValues ?? ((data) => reasonOnly(data) as V),
    onSuccess: props.onDone,
  });
  return (
    <Modal title={props.title} onClose={props.onClose} busy={form.submitting} hideActions testId={props.testId}>
      <form {...form.formProps} className="form">
        <p>{props.lead}</p>
        <FormErrors messages={form.errors} />
        {props.fields?.(form)}
        <Field name="reason" label={props.reasonLabel} required max={props.max} messages={form.messages('reason')}>
          {(control) => <textarea className="textarea" {...control} />}
        </Field>
        <div className="modal-dialog__actions">
          <button type="button" className="button button--ghost" {...busyControl(form.submitting, { onClick: props.onClose })}>
            {ja.adminPages.cancel}
          </button>
          <button type="submit" className="button button--danger" {...form.submitProps}>
            {props.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
