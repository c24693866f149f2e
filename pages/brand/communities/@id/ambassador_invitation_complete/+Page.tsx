// /brand/communities/{id}/ambassador_invitation_complete (unguarded, spec §2).
import { usePageContext } from 'vike-react/usePageContext';
import { useData } from 'vike-react/useData';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { CompletionPanel } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

const t = ja.brandPortalPages.ambassadors;

export default function Page() {
  const { community } = useData<Data>();
  const { routeParams } = usePageContext();
  const id = community?.id ?? routeParams.id;
  const list = `/brand/communities/${id}/ambassadors`;
  return (
    <>
      {community && <Breadcrumbs items={crumbs.addAmbassador(community)} />}
      <CompletionPanel
        completed
        title={t.completeTitle}
        body={t.completeBody}
        testId="ambassador-added"
        actions={
          <>
            <a href={list} className="button">
              {t.toList}
            </a>{' '}
            <a href={`/brand/communities/${id}/ambassador_invitation`} className="button button--ghost">
              {t.addAnother}
            </a>
          </>
        }
      />
    </>
  );
}
