// Inviting a brand member by e-mail, from the admin area (/admin/brand/{id}/member_invitation) and from the brand
// portal (/brand/members/invitation): the same form and the same failure rule (spec §8: the general failure on top,
// the server's messages under the e-mail field). What follows a success differs: given as `onInvited`.
import type { Ref } from 'react';
import { Field, type Form, FormErrors, useForm } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { brandMemberInvitationSchema } from '#src/modules/brand-members/brand-members.schemas';

/** The texts (ja.adminPages.brands or ja.brandPortalPages.members). */
interface InvitationText {
  inviteLead: string;
  email: string;
  inviteSubmit: string;
  inviteFailed: string;
}

export function useInvitationForm(options: {
  path: string;
  text: InvitationText;
  onInvited: (email: string) => void;
  /** Failures handled elsewhere (the portal's sign-in page): true stops there. */
  intercept?: (error: unknown) => boolean;
}): Form<{ email: string }> {
  const form = useForm<{ email: string }>({
    schema: brandMemberInvitationSchema,
    path: options.path,
    toValues: (data) => ({ email: String(data.get('email') ?? '') }),
    onSuccess: (_result, values) => options.onInvited(values.email.trim()),
    onError: (error) => {
      if (options.intercept?.(error)) return true;
      const messages = (error as { messages?: Record<string, string[]> }).messages ?? {};
      form.setErrors({ base: [options.text.inviteFailed], ...(messages.email?.length ? { email: messages.email } : {}) });
      return true;
    },
  });
  return form;
}

export function InvitationForm(props: {
  form: Form<{ email: string }>;
  text: InvitationText;
  cancelHref: string;
  formRef?: Ref<HTMLFormElement>;
}) {
  const { form, text: t } = props;
  return (
    <div className="panel">
      <form {...form.formProps} ref={props.formRef} className="admin-form">
        <p className="admin-lead">{t.inviteLead}</p>
        <FormErrors messages={form.errors} />
        <Field name="email" label={t.email} required messages={form.messages('email')}>
          {(control) => <input className="input" type="email" autoComplete="off" {...control} />}
        </Field>
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={form.submitting || !form.ready}>
            {t.inviteSubmit}
          </button>
          <a href={props.cancelHref} className="button button--ghost">
            {ja.adminPages.cancel}
          </a>
        </div>
      </form>
    </div>
  );
}
