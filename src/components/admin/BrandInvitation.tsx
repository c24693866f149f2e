// /admin/brand/{id}/member_invitation: invite by e-mail (POST /brands/{id}/members/invitation, 201); a success
// dialog offers the member list or another invitation.
import { useRef, useState } from 'react';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { Modal } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import type { BrandMembersResponse } from '#src/modules/brand-members/brand-members.schemas';
import { InvitationForm, useInvitationForm } from './InvitationForm';
import { LoadError } from './ListStatus';
import { firstMessage, useLoad } from './useLoad';

const t = ja.adminPages.brands;

export function BrandInvitation({ id }: { id: number }) {
  const brand = useLoad<BrandMembersResponse>(`/api/v1/brands/${id}/members`);
  const [invited, setInvited] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const list = `/admin/brand/${id}/members`;
  const form = useInvitationForm({ path: `/api/v1/brands/${id}/members/invitation`, text: t, onInvited: setInvited });

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
      {/* An unknown brand: the members page's not-found message, not a form that cannot succeed. */}
      {brand.state === 'error' ? (
        <LoadError message={firstMessage(brand.error, ja.adminPages.fetchFailed)} />
      ) : (
        <InvitationForm form={form} text={t} cancelHref={list} formRef={formRef} />
      )}
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
