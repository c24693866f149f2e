// /brand/members/invitation: invite by e-mail (POST /brand-members/invitation, 201; the admin's invitation
// service: same mail, same 7-day single-use link), then /brand/members/invitation/complete.
import { goTo } from '#src/lib/browser-navigation';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { Field, FormErrors, useForm } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { brandMemberInvitationSchema } from '#src/modules/brand-members/brand-members.schemas';

const t = ja.brandPortalPages.members;

export default function Page() {
  const form = useForm<{ email: string }>({
    schema: brandMemberInvitationSchema,
    path: `${BRAND_API}/brand-members/invitation`,
    toValues: (data) => ({ email: String(data.get('email') ?? '') }),
    onSuccess: () => goTo('/brand/members/invitation/complete'),
    onError: (error) => {
      if (handleUnauthorized(error)) return true;
      // Spec §8: the general failure on top, and the server's messages under the e-mail field.
      const messages = (error as { messages?: Record<string, string[]> }).messages ?? {};
      form.setErrors({ base: [t.inviteFailed], ...(messages.email?.length ? { email: messages.email } : {}) });
      return true;
    },
  });
  return (
    <section>
      <Breadcrumbs items={crumbs.memberInvitation()} />
      <div className="admin-head">
        <h1>{t.inviteTitle}</h1>
      </div>
      <div className="panel">
        <form {...form.formProps} className="admin-form">
          <p className="admin-lead">{t.inviteLead}</p>
          <FormErrors messages={form.errors} />
          <Field name="email" label={t.email} required messages={form.messages('email')}>
            {(control) => <input className="input" type="email" autoComplete="off" {...control} />}
          </Field>
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={form.submitting || !form.ready}>
              {t.inviteSubmit}
            </button>
            <a href="/brand/members" className="button button--ghost">
              {ja.adminPages.cancel}
            </a>
          </div>
        </form>
      </div>
    </section>
  );
}
