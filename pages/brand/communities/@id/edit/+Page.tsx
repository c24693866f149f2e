// /brand/communities/{id}/edit: the administrator area's community form, the brand's own community.
import { useData } from 'vike-react/useData';
import { CommunityForm } from '#src/components/admin/CommunityForm';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { brandCommunityTarget } from '#src/components/brand/community-target';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

export default function Page() {
  const { community } = useData<Data>();
  return (
    <section>
      <Breadcrumbs items={crumbs.communityEdit(community)} />
      <div className="admin-head">
        <h1>{ja.adminPages.communities.editTitle}</h1>
      </div>
      <CommunityForm id={community.id} target={brandCommunityTarget} />
    </section>
  );
}
