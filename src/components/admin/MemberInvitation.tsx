// /admin/ambassador/{id}/member_invitation (and /ambassador/{id}/member_invitation): pick a user who is not yet a
// member, 追加 → POST /ambassadors/{id}/members/{userId}/association, then back to the member list.
import { useState } from 'react';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { Field, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import type { AmbassadorMembersResponse } from '#src/modules/ambassadors/ambassadors.schemas';
import { AdminForm, FormActions } from './AdminFormParts';
import { type PickedUser, UserPicker } from './UserPicker';
import { LoadError } from './ListStatus';
import { firstMessage, listOf, useLoad } from './useLoad';

const t = ja.adminPages.ambassadors;

export function MemberInvitation({ id, base }: { id: number; base: string }) {
  const members = useLoad<AmbassadorMembersResponse>(`/api/v1/ambassadors/${id}/members`);
  const exclude = new Set(members.state === 'ok' ? listOf<{ id: number }>(members.data, 'members').map((m) => m.id) : []);
  const name = members.state === 'ok' ? members.data.ambassador?.name : undefined;
  const [user, setUser] = useState<PickedUser | null>(null);
  const list = `${base}/${id}/members`;
  const form = useForm<{ user_id: number | null }>({
    path: (values) => `/api/v1/ambassadors/${id}/members/${values.user_id}/association`,
    body: () => undefined,
    check: (values): FieldMessages => (values.user_id && values.user_id >= 1 ? {} : { user_id: [t.userRequired] }),
    onError: (error) => {
      form.setErrors({ base: [firstMessage(error, t.addFailed)] });
      return true;
    },
    onSuccess: () => goTo(list),
  });

  return (
    <section>
      <a href={list} className="admin-back">
        ‹ {t.membersTitlePlain}
      </a>
      <div className="admin-head">
        <h1>
          {t.addTitle}
          {name ? `（${name}）` : ''}
        </h1>
      </div>
      {/* An unknown ambassador: the members page's not-found message, not a form that cannot succeed. */}
      {members.state === 'error' ? (
        <LoadError message={firstMessage(members.error, ja.adminPages.fetchFailed)} />
      ) : (
        <AdminForm errors={form.errors} onSubmit={() => void form.send({ user_id: user?.id ?? null })} lead={t.addLead}>
          <Field label={t.user} required messages={form.messages('user_id')} id="member-user">
            {(control) => (
              <UserPicker
                id={control.id}
                selected={user}
                onSelect={setUser}
                exclude={exclude}
                excludeAmbassadorId={id}
                invalid={control['aria-invalid']}
                describedBy={control['aria-describedby']}
              />
            )}
          </Field>
          <FormActions form={form} submit={t.addSubmit} cancelHref={list} />
        </AdminForm>
      )}
    </section>
  );
}
