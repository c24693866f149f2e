// /admin/brand/{id}/member_invitation: invite by e-mail (POST /brands/{id}/members/invitation, 201); a success
// dialog offers the member list or another invitation.
import { useRef, useState } from 'react';
import { goTo } from '#src/lib/browser-navigation';
import { Field, FormErrors, Modal, useForm } from '#src/components/form';
import { ja } from '#src/i18n/ja';
import { brandMemberInvitationSchema, type BrandMembersResponse } from '#src/modules/brand-members/brand-members.schemas';
import { useLoad } from './useLoad';

const t = ja.adminPages.brands;

export function BrandInvitation({ id }: { id: number }) {
  const brand = useLoad<BrandMembersResponse>(`/api/v1/brands/${id}/members`);
  const [invited, setInvited] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const list = `/admin/brand/${id}/members`;
  const form = useForm<{ email: string }>({
    schema: brandMemberInvitationSchema,
    path: `/api/v1/brands/${id}/members/invitation`,
    toValues: (data) => ({ email: String(data.get('email') ?? '') }),
    onSuccess: (_result, values) => setInvited(values.email.trim()),
    onError: (error) => {
      // Spec §8: the general failure on top, and the server's messages under the e-mail field.
      const messages = (error as { messages?: Record<string, string[]> }).messages ?? {};
      form.setErrors({ base: [t.inviteFailed], ...(messages.email?.length ? { email: messages.email } : {}) });
      return true;
    },
  });

  function again() {
    setInvited(null);
    formRef.current?.reset();
    form.setErrors({});
    formRef.current?.querySelector('input')?.focus();
  }

  const name = brand.state === 'ok' ? brand.data.brand?.name : undefined;
  return (
    <section>
      <a href={list} className="admin-back">
        ‹ {t.membersTitlePlain}
      </a>
      <div className="admin-head">
        <h1>
          {t.inviteTitle}
          {name ? `（${name}）` : ''}
        </h1>
      </div>
      <div className="panel">
        <form {...form.formProps} ref={formRef} className="admin-form">
          <p className="admin-lead">{t.inviteLead}</p>
          <FormErrors messages={form.errors} />
          <Field name="email" label={t.email} required messages={form.messages('email')}>
            {(control) => <input className="input" type="email" autoComplete="off" {...control} />}
          </Field>
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={form.submitting || !form.ready}>
              {t.inviteSubmit}
            </button>
            <a href={list} className="button button--ghost">
              {ja.adminPages.cancel}
            </a>
          </div>
        </form>
      </div>
      {invited && (
        <Modal title={t.invitedTitle} onClose={again} hideActions testId="invited-dialog">
          <p>{t.invitedBody(invited)}</p>
          <div className="modal-dialog__actions">
            <button type="button" className="button button--ghost" onClick={again}>
              {t.inviteAnother}
            </button>
            <button type="button" className="button" onClick={() => goTo(list)}>
              {t.toMembers}
            </button>
          </div>
        </Modal>
      )}
    </section>
  );
}
