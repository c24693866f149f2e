// The two forms of a password reset by mail, the marketplace's (/password_reset/…) and the brand portal's
// (/brand/password_reset…): what differs is given (the API path, the schema, the next page, the texts); each page
// draws its own frame around them.
import type { ReactNode } from 'react';
import type { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { ApiError } from '#src/lib/isomorphic/api-client';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { Field } from './Field';
import { FormErrors } from './FormErrors';
import { type Form, useForm } from './useForm';

/** The form's failures on top, its one field, and the submit button. */
function OneFieldForm(props: { form: Pick<Form<never>, 'errors' | 'formProps' | 'submitProps'>; submit: string; children: ReactNode }) {
  const { form } = props;
  return (
    <>
      <FormErrors messages={form.errors} />
      <form className="form" {...form.formProps}>
        {props.children}
        <button type="submit" className="button button--block" {...form.submitProps}>
          {props.submit}
        </button>
      </form>
    </>
  );
}

/** The request for a reset link: the e-mail (the same next page whether or not the address exists). */
export function ResetRequestForm(props: { schema: z.ZodType; path: string; next: string; submit: string }) {
  const form = useForm({ schema: props.schema, path: props.path, onSuccess: () => goTo(props.next) });
  return (
    <OneFieldForm form={form} submit={props.submit}>
      <Field name="email" label={ja.auth.email} messages={form.messages('email')}>
        {(control) => <input className="input" {...control} type="email" autoComplete="email" />}
      </Field>
    </OneFieldForm>
  );
}

/**
 * The new password for the mailed link's token; `onInvalid` when the server refuses the token (unknown, used or
 * expired: a 422 on reset_password_token), so the page shows how to ask for a new mail.
 */
export function NewPasswordForm(props: {
  schema: z.ZodType;
  path: string;
  token: string;
  next: string;
  label: string;
  submit: string;
  onInvalid: () => void;
}) {
  const form = useForm<{ reset_password_token: string; password: string }>({
    schema: props.schema,
    path: props.path,
    method: 'PUT',
    toValues: (data) => ({ reset_password_token: props.token, password: String(data.get('password') ?? '') }),
    onSuccess: () => goTo(props.next),
    onError: (error) => {
      if (error instanceof ApiError && error.messages.reset_password_token?.length) {
        props.onInvalid();
        return true;
      }
      return false;
    },
  });
  return (
    <OneFieldForm form={form} submit={props.submit}>
      <Field name="password" label={props.label} hint={ja.auth.passwordHint} messages={form.messages('password')}>
        {(control) => <input className="input" {...control} type="password" autoComplete="new-password" />}
      </Field>
    </OneFieldForm>
  );
}
