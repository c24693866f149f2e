// /brand/password_reset_send_mail: ask for a reset link; the same completion whether or not the address exists.
import { goTo } from '#src/lib/browser-navigation';
import { Field, FormErrors, useForm } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { passwordResetRequestSchema } from '#src/modules/brand-members/brand-members.schemas';

const t = ja.brandPortalPages;

export default function Page() {
  const form = useForm({
    schema: passwordResetRequestSchema,
    path: '/brand/api/v1/brand-members/password',
    onSuccess: () => goTo('/brand/password_reset_send_mail_complete'),
  });
  return (
    <section className="panel brand-auth">
      <h1>{t.resetMail.title}</h1>
      <p className="muted">{t.resetMail.lead}</p>
      <FormErrors messages={form.errors} />
      <form className="form" {...form.formProps}>
        <Field name="email" label={ja.auth.email} messages={form.messages('email')}>
          {(control) => <input className="input" {...control} type="email" autoComplete="email" />}
        </Field>
        <button type="submit" className="button button--block" disabled={form.submitting || !form.ready}>
          {t.resetMail.submit}
        </button>
      </form>
      <p className="brand-auth__links">
        <a href="/brand/sign_in">{t.toSignIn}</a>
      </p>
    </section>
  );
}
