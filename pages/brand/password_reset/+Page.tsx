// /brand/password_reset?reset_password_token=…: the new password. A missing, unknown, used or expired token shows
// a Japanese page with a way to ask for a new mail (the server answers 422 on reset_password_token).
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { goTo } from '#src/lib/browser-navigation';
import { InvalidLink } from '#src/components/brand/InvalidLink';
import { Field, FormErrors, useForm } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { ApiError } from '#src/lib/api-client';
import { passwordResetSchema } from '#src/modules/brand-members/brand-members.schemas';

const t = ja.brandPortalPages;

export default function Page() {
  const token = usePageContext().urlParsed.search.reset_password_token ?? '';
  const [invalid, setInvalid] = useState(token === '');
  const form = useForm<{ reset_password_token: string; password: string }>({
    schema: passwordResetSchema,
    path: '/brand/api/v1/brand-members/password',
    method: 'PUT',
    toValues: (data) => ({ reset_password_token: token, password: String(data.get('password') ?? '') }),
    onSuccess: () => goTo('/brand/password_reset_complete'),
    onError: (error) => {
      if (error instanceof ApiError && error.messages.reset_password_token?.length) {
        setInvalid(true);
        return true;
      }
      return false;
    },
  });
  if (invalid)
    return (
      <InvalidLink
        title={t.reset.invalidTitle}
        body={t.reset.invalidBody}
        action={t.reset.requestAgain}
        href="/brand/password_reset_send_mail"
      />
    );
  return (
    <section className="panel brand-auth">
      <h1>{t.reset.title}</h1>
      <p className="muted">{t.reset.lead}</p>
      <FormErrors messages={form.errors} />
      <form className="form" {...form.formProps}>
        <Field name="password" label={t.reset.password} hint={ja.auth.passwordHint} messages={form.messages('password')}>
          {(control) => <input className="input" {...control} type="password" autoComplete="new-password" />}
        </Field>
        <button type="submit" className="button button--block" disabled={form.submitting || !form.ready}>
          {t.reset.submit}
        </button>
      </form>
    </section>
  );
}
