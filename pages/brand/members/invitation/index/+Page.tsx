// /brand/members/invitation: invite by e-mail (POST /brand-members/invitation, 201; the admin's invitation
// service: same mail, same 7-day single-use link), then /brand/members/invitation/complete.
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { InvitationForm, useInvitationForm } from '#src/components/admin/InvitationForm';
import * as ja from '#src/i18n/ja';

const t = ja.brandPortalPages.members;

export default function Page() {
  const form = useInvitationForm({
    path: `${BRAND_API}/brand-members/invitation`,
    text: t,
    onInvited: () => goTo('/brand/members/invitation/complete'),
    intercept: handleUnauthorized,
  });
  return (
    <section>
      <Breadcrumbs items={crumbs.memberInvitation()} />
      <div className="admin-head">
        <h1>{t.inviteTitle}</h1>
      </div>
      <InvitationForm form={form} text={t} cancelHref="/brand/members" />
    </section>
  );
}
