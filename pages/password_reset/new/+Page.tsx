// /password_reset/new (issue 15): ask for a reset link; the same next page whether or not the address exists.
import { goTo } from '#src/lib/browser-navigation';
import { Field, FormErrors, useForm } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { userPasswordResetRequestSchema } from '#src/modules/users/users.schemas';
import '#pages/logon/logon.css';

const t = ja.s15b;

export default function Page() {
  const form = useForm({
    schema: userPasswordResetRequestSchema,
    path: '/api/v1/password_resets',
    onSuccess: () => goTo('/password_reset/sent'),
  });
  return (
    <section className="page page--narrow logon">
      <div className="panel logon__panel">
        <h1 className="logon__title">{t.resetRequest.title}</h1>
        <p className="muted">{t.resetRequest.lead}</p>
        <FormErrors messages={form.errors} />
        <form className="form" {...form.formProps}>
          <Field name="email" label={ja.auth.email} messages={form.messages('email')}>
            {(control) => <input className="input" {...control} type="email" autoComplete="email" />}
          </Field>
          <button type="submit" className="button button--block" disabled={form.submitting || !form.ready}>
            {t.resetRequest.submit}
          </button>
        </form>
        <p className="logon__links">
          <a href="/logon">{t.resetRequest.backToLogon}</a>
        </p>
      </div>
    </section>
  );
}
