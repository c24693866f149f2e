// /brand/sign_in: e-mail and password (a brand member's own account, not the marketplace's); back to the page the
// member came from (?redirect=, only under /brand) after signing in.
import { usePageContext } from 'vike-react/usePageContext';
import { brandReturnPath } from '#src/components/brand/brand-paths';
import { Field, FormErrors, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { brandSignInSchema } from '#src/modules/brand-members/brand-members.schemas';

const t = ja.brandPortalPages;

export default function Page() {
  const { urlParsed } = usePageContext();
  const target = brandReturnPath(urlParsed.search.redirect);
  const form = useForm({
    schema: brandSignInSchema,
    path: '/brand/api/v1/brand-members/sign-in',
    // A full load, so the header and every page see the new session.
    onSuccess: () => window.location.assign(target),
  });
  return (
    <section className="panel brand-auth">
      <h1>{t.signIn.title}</h1>
      <p className="muted">{t.signIn.lead}</p>
      {urlParsed.search.redirect && <p className="alert">{t.signIn.expired}</p>}
      <FormErrors messages={form.errors} testId="sign-in-error" />
      <form className="form" {...form.formProps}>
        <Field name="email" label={ja.auth.email} messages={form.messages('email')}>
          {(control) => <input className="input" {...control} type="email" autoComplete="username" />}
        </Field>
        <Field name="password" label={ja.auth.password} messages={form.messages('password')}>
          {(control) => <input className="input" {...control} type="password" autoComplete="current-password" />}
        </Field>
        <button type="submit" className="button button--block" {...form.submitProps}>
          {t.signIn.submit}
        </button>
      </form>
      <p className="brand-auth__links">
        <a href="/brand/password_reset_send_mail">{t.signIn.forgot}</a>
        <span className="muted">{t.signIn.marketplaceNote}</span>
      </p>
    </section>
  );
}
