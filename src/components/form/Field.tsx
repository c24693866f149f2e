// One form field: label (or legend for a group of radios/checkboxes), required/optional badge, hint, character
// counter, error text; the control is rendered by the caller with the props that wire it (see index.ts).
import { useId, useState, type ReactNode } from 'react';
import * as ja from '#src/i18n/ja';
import { maxLengthFor } from '#src/lib/isomorphic/text-length';
import { counterState, errorId } from './form-errors';
import { useDismissible } from './useDismissible';
import './form.css';

export interface ControlProps {
  id: string;
  name?: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required'?: true;
  maxLength?: number;
  /** Only for uncontrolled controls with a counter: keeps the count current. */
  onInput?: (event: { currentTarget: { value: string } }) => void;
}

export interface FieldProps {
  label: ReactNode;
  /** The control's name (also the default key of its messages). */
  name?: string;
  /** Shows 必須 (true) or 任意 (false); nothing when undefined. */
  required?: boolean;
  hint?: ReactNode;
  /** The field's messages (form.messages(name)); the first is shown until the field is changed. Pass the same array
   * between submits (form.messages does; memoise a combined list), or a change would not hide it. */
  messages?: string[] | string | null;
  /**
   * A character limit: sets maxLength and shows "count/max"; at the limit, "N文字以内で入力してください" as a notice (the
   * text is valid); over it (a text the field was given), the same words as an error, and the control is aria-invalid.
   */
  max?: number;
  /** The current text of a controlled control (for the counter); uncontrolled ones are counted as typed. */
  value?: string;
  /** The first text of an uncontrolled control (for the counter). */
  defaultValue?: string;
  /** A group of radios/checkboxes: a fieldset with a legend; the wiring props go on the fieldset. */
  group?: boolean;
  className?: string;
  /** Extra id for aria-describedby (e.g. a hint rendered by the caller). */
  describedBy?: string;
  id?: string;
  children: (control: ControlProps) => ReactNode;
}

/** The counter's look: at the limit a notice (the text is valid), over it an error (the server refuses it). */
const COUNTER_CLASS = {
  under: 'field__counter',
  limit: 'field__counter field__counter--notice',
  over: 'field__counter field__counter--error',
} as const;

export function RequiredBadge({ required }: { required: boolean }) {
  return (
    <span className={required ? 'field__badge' : 'field__badge field__badge--optional'}>
      {required ? ja.common.required : ja.common.optional}
    </span>
  );
}

export function Field(props: FieldProps) {
  const auto = useId();
  const id = props.id ?? (props.name ? `field-${props.name.replace(/[^\w-]/g, '_')}` : `field${auto.replace(/:/g, '')}`);
  const [typed, setTyped] = useState<string | null>(null);
  // A message answers what was submitted: once the person changes the field (any input or change event inside it,
  // the control itself or a picker's search box), it is hidden until the next submit brings new messages.
  const { shown, dismiss: hide } = useDismissible(props.messages);
  const list = shown == null ? [] : Array.isArray(shown) ? shown : [shown];
  const message = list[0];
  const dismiss = message ? hide : undefined;
  const text = props.value ?? typed ?? props.defaultValue ?? '';
  const counter = props.max === undefined ? null : counterState(text, props.max);
  const hintId = props.hint ? `${id}-hint` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const describedBy = [props.describedBy, hintId, counterId, message ? errorId(id) : undefined].filter(Boolean).join(' ') || undefined;
  // A text at the limit is valid; only a message or a text over the limit (which the server refuses) is invalid.
  const invalid = Boolean(message) || counter?.state === 'over';

  const control: ControlProps = {
    id,
    name: props.name,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': describedBy,
  };
  if (props.required) control['aria-required'] = true;
  if (props.max !== undefined) {
    // The browser counts maxLength in UTF-16 units, the limit is in characters: an emoji typed so far takes two.
    control.maxLength = maxLengthFor(text, props.max);
    if (props.value === undefined) control.onInput = (event) => setTyped(event.currentTarget.value);
  }

  const label = (
    <>
      {props.label}
      {props.required !== undefined && <RequiredBadge required={props.required} />}
    </>
  );
  const after = (
    <>
      {props.hint && (
        <span className="field__hint" id={hintId}>
          {props.hint}
        </span>
      )}
      {counter && (
        <span className={COUNTER_CLASS[counter.state]} id={counterId}>
          <span>
            {counter.count}/{counter.max}
          </span>
          {counter.notice && <span className="field__counter-notice">{counter.notice}</span>}
        </span>
      )}
      {message && (
        <p className="field__error" id={errorId(id)}>
          {message}
        </p>
      )}
    </>
  );
  const className = props.className ? `field ${props.className}` : 'field';

  if (props.group) {
    // The radios/checkboxes inside take control.name; the description and validity go on the fieldset.
    return (
      <fieldset
        className={className}
        aria-invalid={control['aria-invalid']}
        aria-describedby={describedBy}
        onInput={dismiss}
        onChange={dismiss}
      >
        <legend className="field__label">{label}</legend>
        {props.children(control)}
        {after}
      </fieldset>
    );
  }
  return (
    <div className={className} onInput={dismiss} onChange={dismiss}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {props.children(control)}
      {after}
    </div>
  );
}
