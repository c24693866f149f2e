// /brand/invitation: the first password of an invited member (PUT /brand-members/invitation), then
// /brand/member_registration_complete. A used, expired or unknown link shows what to do instead.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { InvalidLink } from '#src/components/brand/InvalidLink';
import { Field, FormErrors, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { ApiError } from '#src/lib/isomorphic/api-client';
import { passwordResetSchema } from '#src/modules/brand-members/brand-members.schemas';
import type { Data } from './+data';

const t = ja.brandPortalPages;

export default function Page() {
  const data = useData<Data>();
  const [invalid, setInvalid] = useState(!data.valid);
  const form = useForm<{ password: string }>({
    schema: passwordResetSchema.pick({ password: true }),
    path: '/brand/api/v1/brand-members/invitation',
    method: 'PUT',
    toValues: (formData) => ({ password: String(formData.get('password') ?? '') }),
    body: (values) => ({ email: data.email, invitation_token: data.token, password: values.password }),
    onSuccess: () => goTo('/brand/member_registration_complete'),
    onError: (error) => {
      if (error instanceof ApiError && error.messages.invitation_token?.length) {
        setInvalid(true);
        return true;
      }
      return false;
    },
  });
  if (invalid)
    return <InvalidLink title={t.invitation.invalidTitle} body={t.invitation.invalidBody} action={t.toSignIn} href="/brand/sign_in" />;
  return (
    <section className="panel brand-auth">
      <h1>{t.invitation.title}</h1>
      <p className="muted">{t.invitation.lead(data.email)}</p>
      <FormErrors messages={form.errors} />
      <form className="form" {...form.formProps}>
        <Field name="password" label={ja.auth.password} hint={ja.auth.passwordHint} messages={form.messages('password')}>
          {(control) => <input className="input" {...control} type="password" autoComplete="new-password" />}
        </Field>
        <button type="submit" className="button button--block" {...form.submitProps}>
          {t.invitation.submit}
        </button>
      </form>
    </section>
  );
}
