// /brand: the dashboard (spec: brand summary, member, community and application previews of 4 rows with totals),
// then the charts (not in the spec).
import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import { PublishBadge } from '#src/components/admin/ListStatus';
import { Breadcrumbs } from '#src/components/brand/Breadcrumbs';
import { BrandCharts } from '#src/components/dashboards/BrandCharts';
import * as ja from '#src/i18n/ja';
import type { Data } from './+data';

const t = ja.brandPortalPages;
const date = ja.adminPages.date;

function PreviewCard(props: { title: string; total: number; href: string; testId: string; children: ReactNode }) {
  return (
    <section className="panel brand-card" data-testid={props.testId}>
      <div className="brand-card__head">
        <h2>{props.title}</h2>
        <span className="brand-card__total" data-testid="total">
          {t.dashboard.total(props.total)}
        </span>
      </div>
      {props.total === 0 ? <p className="muted">{ja.adminPages.noData}</p> : <ul>{props.children}</ul>}
      <a href={props.href}>{t.dashboard.seeAll} ›</a>
    </section>
  );
}

export default function Page() {
  const { member, members, communities, applications, dashboard } = useData<Data>();
  const brand = member.brand;
  return (
    <section>
      <Breadcrumbs items={[{ label: t.crumbs.top }]} />
      <div className="admin-head">
        <h1>{t.dashboard.title}</h1>
      </div>
      <div className="brand-dashboard">
        <section className="panel brand-dashboard__summary" data-testid="brand-summary">
          {brand.image_url && <img src={brand.image_url} alt="" />}
          <div>
            <p className="brand-card__total">{t.dashboard.brand}</p>
            <h2>
              {brand.name} <PublishBadge published={brand.published} />
            </h2>
            <p>{brand.description}</p>
          </div>
        </section>
        <PreviewCard title={t.dashboard.communities} total={communities.total} href="/brand/communities" testId="preview-communities">
          {communities.rows.map((row) => (
            <li key={row.id}>
              <a href={`/brand/communities/${row.id}`}>{row.name}</a>
              <PublishBadge published={row.published} />
            </li>
          ))}
        </PreviewCard>
        <PreviewCard
          title={t.dashboard.applications}
          total={applications.total}
          href="/brand/community_applications"
          testId="preview-applications"
        >
          {applications.rows.map((row) => (
            <li key={row.id}>
              <span>
                {row.user_name}
                <span className="muted"> / {row.community_name}</span>
              </span>
              <span className={row.handled ? 'badge badge--success' : 'badge badge--waiting'}>
                {row.handled ? t.applications.handled : t.applications.unhandled}
              </span>
            </li>
          ))}
        </PreviewCard>
        <PreviewCard title={t.dashboard.members} total={members.total} href="/brand/members" testId="preview-members">
          {members.rows.map((row) => (
            <li key={row.id}>
              <span>{row.email}</span>
              <span className="muted">
                {row.invitation_accepted ? `${t.members.joined} ${date(row.invitation_accepted_at)}` : t.members.invited}
              </span>
            </li>
          ))}
        </PreviewCard>
      </div>
      <BrandCharts dashboard={dashboard} />
    </section>
  );
}
