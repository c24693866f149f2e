// /brand/communities/{id}: the community's details, with its ambassadors, experiences and the edit form a click away.
import { useData } from 'vike-react/useData';
import { PublishBadge } from '#src/components/admin/ListStatus';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

const t = ja.brandPortalPages.communities;
const labels = ja.adminApi.community.labels;
const TEXTS = [
  'catchphrase',
  'host_name',
  'host_description',
  'description',
  'activity_description',
  'important_thing',
  'ideal_candidate_profile',
  'participation_condition',
  'location',
  'note',
] as const;

export default function Page() {
  const { community: c } = useData<Data>();
  const items = c.application_items.filter((item) => !item.disabled);
  return (
    <section>
      <Breadcrumbs items={crumbs.community(c)} />
      <div className="admin-head">
        <h1>{c.name}</h1>
        <PublishBadge published={c.published} />
      </div>
      <div className="brand-detail-actions">
        <a href={`/brand/communities/${c.id}/edit`} className="button button--small">
          {t.edit}
        </a>
        <a href={`/brand/communities/${c.id}/ambassadors`} className="button button--ghost button--small">
          {ja.brandPortalPages.crumbs.ambassadors}
        </a>
        <a href={`/brand/communities/${c.id}/experience`} className="button button--ghost button--small">
          {ja.brandPortalPages.crumbs.experiences}
        </a>
        {c.published && (
          <a href={`/communities/${c.id}`} className="button button--ghost button--small" target="_blank" rel="noreferrer">
            {t.publicPage}
          </a>
        )}
      </div>
      <div className="panel">
        {c.images[0] && <img src={c.images[0].url} alt="" className="brand-detail__cover" />}
        <dl className="admin-summary" data-testid="community-detail">
          {TEXTS.filter((key) => c[key]).map((key) => (
            <div key={key} className="brand-detail__row">
              <dt>{labels[key]}</dt>
              <dd>{c[key]}</dd>
            </div>
          ))}
          <div className="brand-detail__row">
            <dt>{ja.adminPages.communities.items.title}</dt>
            <dd>
              {items.length === 0 ? (
                ja.adminPages.communities.items.none
              ) : (
                <ol>
                  {items.map((item) => (
                    <li key={item.id}>
                      {item.name}（{item.required ? ja.common.required : ja.common.optional}）
                    </li>
                  ))}
                </ol>
              )}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
