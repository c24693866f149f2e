// /admin/ambassador/{id} and /admin/brand/{id}: a read-only summary (every field, photos, links to the public
// page, the members and the edit form) and the entry's audit trail. The spec gives the route no content.
import * as ja from '#src/i18n/ja';
import { AuditTrail } from './AuditTrail';
import { LoadError, PublishBadge } from './ListStatus';
import { type AdminPartner, PARTNER, type PartnerKind } from './partner-kinds';
import { firstMessage, useLoad } from './useLoad';

const t = ja.adminPages;

export function PartnerSummary({ kind, id }: { kind: PartnerKind; id: number }) {
  const k = PARTNER[kind];
  const load = useLoad<AdminPartner>(`${k.api}/${id}`);
  const f = k.text.fields;
  const p = load.state === 'ok' ? load.data : null;
  return (
    <section>
      <a href={k.admin} className="admin-back">
        ‹ {t.back}
      </a>
      <div className="admin-head">
        <h1>{p ? p.name : k.text.summaryTitle}</h1>
        {p && (
          <div className="admin-head__actions">
            <a href={`${k.admin}/${id}/members`} className="button button--ghost button--small">
              {t.members}
            </a>
            <a href={`${k.admin}/${id}/edit`} className="button button--small">
              {t.edit}
            </a>
          </div>
        )}
      </div>
      {load.state === 'loading' && <p>{t.loading}</p>}
      {load.state === 'error' && <LoadError message={firstMessage(load.error, t.fetchFailed)} />}
      {p && (
        <div className="panel">
          <dl className="admin-summary" data-testid="partner-summary">
            <dt>{t.id}</dt>
            <dd>{p.id}</dd>
            <dt>{t.publishSetting}</dt>
            <dd>
              <PublishBadge published={p.published !== false} />{' '}
              {p.published !== false && (
                <a href={`${k.publicPath}/${p.id}`} target="_blank" rel="noreferrer">
                  {k.text.publicPage}
                </a>
              )}
            </dd>
            <dt>{f.images}</dt>
            <dd>
              {p.images.length === 0 ? (
                '—'
              ) : (
                <span className="admin-summary__images">
                  {p.images.map((image, i) => (
                    <img key={image.object_key} src={image.url} alt={`${f.images} ${i + 1}`} />
                  ))}
                </span>
              )}
            </dd>
            <dt>{f.name}</dt>
            <dd>{p.name}</dd>
            <dt>{f.description}</dt>
            <dd>{p.description}</dd>
            {kind === 'ambassador' && (
              <>
                <dt>{t.ambassadors.fields.address}</dt>
                <dd>{p.address || '—'}</dd>
              </>
            )}
            <dt>{f.homepageUrl}</dt>
            <dd>
              {p.homepage_url ? (
                <a href={p.homepage_url} target="_blank" rel="noreferrer noopener">
                  {p.homepage_url}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt>{f.instagram}</dt>
            <dd>{p.instagram_username ? `@${p.instagram_username}` : '—'}</dd>
            <dt>{f.x}</dt>
            <dd>{p.x_username ? `@${p.x_username}` : '—'}</dd>
            <dt>{t.createdAt}</dt>
            <dd>{t.date(p.created_at)}</dd>
          </dl>
        </div>
      )}
      {p && <AuditTrail entity={k.auditEntity} id={id} />}
    </section>
  );
}
