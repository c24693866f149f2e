import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { logonUrl } from '#src/lib/isomorphic/api-client';
import { Carousel } from '#src/components/Carousel';
import { CardImage } from '#src/components/CardImage';
import type { Data } from './+data';
import '#src/components/location-pin.css';
import './community.css';

const t = ja.communities;

function Section({ title, text }: { title: string; text: string | null }) {
  if (!text) return null;
  return (
    <section className="community__section">
      <h2 className="community__heading">{title}</h2>
      <p className="community__text">{text}</p>
    </section>
  );
}

export default function Page() {
  const { community } = useData<Data>();
  const { user } = usePageContext();
  const applyPath = `/communities/${community.id}/registrations`;

  const action = !community.published ? (
    <span className="button button--block" aria-disabled="true">
      {t.unpublishedNoApply}
    </span>
  ) : !user ? (
    <a className="button button--block" href={logonUrl(applyPath)}>
      {t.applyLogin}
    </a>
  ) : community.applied ? (
    <span className="button button--block" aria-disabled="true">
      {t.alreadyApplied}
    </span>
  ) : (
    <a className="button button--block" href={applyPath} data-testid="apply-link">
      {t.apply}
    </a>
  );

  return (
    <article className="page community">
      {!community.published && (
        <p className="alert alert--info" data-testid="unpublished-notice">
          {t.unpublishedNotice}
        </p>
      )}
      <header className="community__header">
        <div className="community__media">
          <Carousel images={community.images} alt={community.name} autoAdvanceMs={3000} />
        </div>
        <div className="community__intro">
          <p className="community__catch">{community.catchphrase}</p>
          <h1 className="community__name">{community.name}</h1>
          <p className="community__meta community__location location-pin">{community.location}</p>
          {community.brands.length > 0 && (
            <ul className="community__brands" aria-label={t.brands}>
              {community.brands.map((brand) => (
                <li key={brand.id}>
                  <a href={`/brands/${brand.id}`} className="community__chip">
                    <CardImage url={brand.image_url} sizes="26px" width={26} height={26} eager fallback={null} />
                    {brand.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </header>

      <div className="community__layout">
        <div className="community__main">
          <Section title={t.description} text={community.description} />
          <Section title={t.activityDescription} text={community.activity_description} />
          <Section title={t.importantThing} text={community.important_thing} />
          <Section title={t.idealCandidateProfile} text={community.ideal_candidate_profile} />
          <section className="community__section community__facts">
            <dl>
              <div>
                <dt>{t.participationCondition}</dt>
                <dd>{community.participation_condition}</dd>
              </div>
              <div>
                <dt>{t.location}</dt>
                <dd>{community.location}</dd>
              </div>
              {community.note && (
                <div>
                  <dt>{t.note}</dt>
                  <dd>{community.note}</dd>
                </div>
              )}
            </dl>
          </section>

          <section className="community__section community__host">
            <h2 className="community__heading">{t.hostSection}</h2>
            <p className="community__host-name">{community.host_name}</p>
            <p className="community__text">{community.host_description}</p>
          </section>

          {community.ambassadors.length > 0 && (
            <section className="community__section">
              <h2 className="community__heading">{t.ambassadors}</h2>
              <ul className="community__partners">
                {community.ambassadors.map((a) => (
                  <li key={a.id}>
                    <a href={`/ambassadors/${a.id}`} className="community__partner">
                      <span className="community__partner-media">
                        <CardImage url={a.image_url} sizes="56px" width={56} height={56} fallback={null} />
                      </span>
                      <span>{a.name}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <aside className="community__aside">
          <div className="panel community__apply">
            <p className="community__apply-name">{community.name}</p>
            <p className="community__apply-condition">
              <strong>{t.participationCondition}</strong>
              <br />
              {community.participation_condition}
            </p>
            {community.application_items.length > 0 && (
              <p className="muted community__apply-note">{t.applicationItemsLead(community.application_items.length)}</p>
            )}
            {action}
          </div>
        </aside>
      </div>

      <div className="community__bar">{action}</div>
    </article>
  );
}
