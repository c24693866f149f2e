// The one form hook. See index.ts for the kit's API and an example.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { api } from '#src/lib/isomorphic/api-client';
import type { FieldMessages } from '#src/lib/isomorphic/errors';

/**
 * The zod helpers (and zod's Japanese messages, `zod-ja.ts`) are loaded when a form has a schema to check, not with
 * the form kit: a page whose forms have no schema (the booking page) then carries no zod (~25 kB gzipped).
 * A form with a schema starts the load once hydrated, so its first submit does not wait for it.
 */
const loadValidate = () => import('#src/lib/isomorphic/validate');
import { type BusyControlProps, busyControl } from './busy-control';
import { focusFirstError, formOf } from './focus-error';
import { firstMessage, formValues, toFieldMessages } from './form-errors';

export type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FormConfig<V, R> {
  /** Checked in the browser before the call: the same zod schema the server parses. */
  schema?: z.ZodType;
  /** Further checks the schema cannot state (e.g. per-question answers); messages by field. */
  check?: (values: V) => FieldMessages;
  /** Where to send: a path, or a function of the values (may be given per call to send instead). */
  path?: string | ((values: V) => string);
  method?: Method;
  /** The JSON body; the values by default. */
  body?: (values: V) => unknown;
  /** How the call is made: `api` (a JSON answer) by default; `apiFile` for an answer that is a file. */
  call?: (path: string, options: { method: Method; body: unknown }) => Promise<unknown>;
  /** After a 2xx answer (navigate, reload, …). The form stays "submitting" until it resolves. */
  onSuccess?: (result: R, values: V) => unknown;
  /** A failed call before its messages are shown; return true when handled (e.g. a 401 sends to sign-in). */
  onError?: (error: unknown) => boolean | undefined;
  /** Alert (window.alert) on failure: 'first' = the first message, or a function returning the text (null: none). */
  alert?: 'first' | ((messages: FieldMessages, phase: 'client' | 'server') => string | null);
  /** Called after messages are shown (focus has already moved to the first error, focus-error.ts). */
  onMessages?: (messages: FieldMessages) => void;
}

export interface Form<V> {
  /** Messages by field ('base' for the whole form). */
  errors: FieldMessages;
  /** The messages of one field, or undefined. Pass to <Field messages={…}>. */
  messages: (field: string) => string[] | undefined;
  submitting: boolean;
  /** Spread on the submit button: disabled until hydrated, then focusable while submitting (aria-disabled, presses
   * ignored) so that focus stays on it and what follows is announced (busy-control.ts). */
  submitProps: BusyControlProps;
  /** False until the page is hydrated: submit buttons stay disabled so nothing is sent by a plain HTML submit. */
  ready: boolean;
  /** Checks and sends these values (controlled forms); config fields may be overridden for this call. */
  send: <R2 = unknown>(values: V, override?: Partial<FormConfig<V, R2>>) => Promise<boolean>;
  /** Spread on <form>: onSubmit reads the form's FormData (see formValues), maps it with toValues, then sends. */
  formProps: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; noValidate: true };
  setErrors: (messages: FieldMessages) => void;
}

export function useForm<V = Record<string, string | string[]>, R = unknown>(
  config: FormConfig<V, R> & { toValues?: (data: FormData) => V },
): Form<V> {
  const [errors, setErrorsState] = useState<FieldMessages>({});
  const [submitting, setSubmitting] = useState(false);
  const [ready, setReady] = useState(false);
  const busy = useRef(false);
  // The form of the last submit, while its refusal's messages wait to be rendered and focused.
  const refused = useRef<HTMLFormElement | null>(null);
  const submitted = useRef<HTMLFormElement | null>(null);
  const latest = useRef(config);
  latest.current = config;

  useEffect(() => {
    setReady(true);
    if (latest.current.schema) void loadValidate();
  }, []);

  const show = useCallback(
    (messages: FieldMessages, phase: 'client' | 'server', cfg: Partial<FormConfig<V, unknown>>, origin: Element | null) => {
      refused.current = formOf(origin);
      setErrorsState(messages);
      const text = cfg.alert === 'first' ? firstMessage(messages) : cfg.alert ? cfg.alert(messages, phase) : null;
      if (text) window.alert(text);
      cfg.onMessages?.(messages);
    },
    [],
  );

  const send = useCallback(
    async <R2 = unknown>(values: V, override: Partial<FormConfig<V, R2>> = {}): Promise<boolean> => {
      if (busy.current) return false;
      // Where the submit came from (the submit button or the field Enter was pressed in), to find its form's errors.
      const origin = submitted.current ?? (typeof document === 'undefined' ? null : document.activeElement);
      submitted.current = null;
      const cfg = { ...latest.current, ...override } as FormConfig<V, R2>;
      const local: FieldMessages = {};
      if (cfg.schema) {
        // Busy while the helpers load, so a second submit meanwhile is ignored as before.
        busy.current = true;
        const { fieldMessages } = await loadValidate().finally(() => {
          busy.current = false;
        });
        const parsed = cfg.schema.safeParse(values);
        if (!parsed.success) Object.assign(local, fieldMessages(parsed.error));
      }
      if (cfg.check) {
        for (const [key, list] of Object.entries(cfg.check(values))) {
          if (list.length) local[key] = [...(local[key] ?? []), ...list];
        }
      }
      if (Object.keys(local).length > 0) {
        show(local, 'client', cfg as Partial<FormConfig<V, unknown>>, origin);
        return false;
      }
      busy.current = true;
      setSubmitting(true);
      setErrorsState({});
      try {
        if (!cfg.path) throw new Error('useForm: no path to send to');
        const path = typeof cfg.path === 'function' ? cfg.path(values) : cfg.path;
        const options = { method: cfg.method ?? 'POST', body: cfg.body ? cfg.body(values) : values };
        const result = (await (cfg.call ?? api)(path, options)) as R2;
        await cfg.onSuccess?.(result, values);
        busy.current = false;
        setSubmitting(false);
        return true;
      } catch (error) {
        busy.current = false;
        setSubmitting(false);
        if (cfg.onError?.(error)) return false;
        if (!(error instanceof Error && 'status' in error)) console.error('form submission failed', error);
        show(toFieldMessages(error), 'server', cfg as Partial<FormConfig<V, unknown>>, origin);
        return false;
      }
    },
    [show],
  );

  // Once a refusal's messages are rendered (fields marked aria-invalid, the summary shown), focus the first.
  useEffect(() => {
    const form = refused.current;
    refused.current = null;
    if (form?.isConnected) focusFirstError(form);
  }, [errors]);

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      submitted.current = event.currentTarget;
      const data = new FormData(event.currentTarget);
      const values = latest.current.toValues ? latest.current.toValues(data) : (formValues(data) as V);
      void send(values);
    },
    [send],
  );

  const messages = useCallback((field: string) => (errors[field]?.length ? errors[field] : undefined), [errors]);

  const submitProps = busyControl(submitting, { ready });

  return { errors, messages, submitting, submitProps, ready, send, formProps: { onSubmit, noValidate: true }, setErrors: setErrorsState };
}
