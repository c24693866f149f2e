// /brand/communities/new: the administrator area's community form (same fields, rules and application items),
// created for the member's own brand.
import { CommunityForm } from '#src/components/admin/CommunityForm';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { brandCommunityTarget } from '#src/components/brand/community-target';
import * as ja from '#src/i18n/ja';

export default function Page() {
  return (
    <section>
      <Breadcrumbs items={crumbs.communityNew()} />
      <div className="admin-head">
        <h1>{ja.brandPortalPages.crumbs.communityNew}</h1>
      </div>
      <CommunityForm target={brandCommunityTarget} />
    </section>
  );
}
