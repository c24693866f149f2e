// The password change section of either door's account page (/account, /brand/account): the current password and a
// new one, PUT `{api}/account/password`; the page reloads with a notice (every other session of the account has ended).
import { Field, FormErrors, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import { passwordChangeSchema } from '#src/modules/users/account.schemas';
import type { AccountSectionProps } from './account-section';
import { AccountSection } from './AccountSection';

const t = ja.account;

/** Ids of its own: the e-mail section on the same page has a current_password field too. */
export function PasswordSection({ api, intercept }: AccountSectionProps) {
  const form = useForm<Record<string, string>, { signed_out: number }>({
    schema: passwordChangeSchema,
    path: `${api}/account/password`,
    method: 'PUT',
    toValues: (data) => ({
      current_password: String(data.get('current_password') ?? ''),
      new_password: String(data.get('new_password') ?? ''),
    }),
    onSuccess: () => reloadPage(t.passwordChanged),
    onError: intercept,
  });
  return (
    <AccountSection id="account-password" heading={t.passwordHeading} lead={t.passwordLead}>
      <FormErrors messages={form.errors} />
      <form {...form.formProps}>
        <Field
          id="password-change-current"
          name="current_password"
          label={t.currentPassword}
          required
          messages={form.messages('current_password')}
        >
          {(control) => <input className="input" type="password" autoComplete="current-password" {...control} />}
        </Field>
        <Field
          id="password-change-new"
          name="new_password"
          label={t.newPassword}
          hint={t.newPasswordHint}
          required
          messages={form.messages('new_password')}
        >
          {(control) => <input className="input" type="password" autoComplete="new-password" {...control} />}
        </Field>
        <button type="submit" className="button" {...form.submitProps} data-testid="change-password">
          {t.changePassword}
        </button>
      </form>
    </AccountSection>
  );
}
