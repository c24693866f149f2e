// /brand/members/invitation/complete (unguarded, spec §2).
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { CompletionPanel } from '#src/components/form';
import * as ja from '#src/i18n/ja';

const t = ja.brandPortalPages.members;

export default function Page() {
  return (
    <>
      <Breadcrumbs items={crumbs.invitationComplete()} />
      <CompletionPanel
        completed
        title={t.completeTitle}
        body={t.completeBody}
        testId="member-invited"
        actions={
          <>
            <a href="/brand/members" className="button">
              {t.toList}
            </a>{' '}
            <a href="/brand/members/invitation" className="button button--ghost">
              {t.inviteAnother}
            </a>
          </>
        }
      />
    </>
  );
}
