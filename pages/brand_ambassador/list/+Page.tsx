// Brands and ambassadors of the program, each with its communities.
import { useState } from 'react';
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { CommunityGrid } from '#src/components/CommunityCard';
import { CardImage } from '#src/components/CardImage';
import type { Data } from './+data';
import './list.css';

const t = ja.brandAmbassador;

/** The partner's picture (list.css: 300px beside the communities above 1080px, 120px, 96px on a phone). */
const PARTNER_MEDIA_SIZES = '(min-width: 1081px) 300px, (min-width: 768px) 120px, 96px';

type Entry = Data['brands'][number] | Data['ambassadors'][number];

function PartnerRow({ entry, href }: { entry: Entry; href: string }) {
  return (
    <li className="ba-list__item">
      <a className="ba-list__partner" href={href}>
        <span className="ba-list__media">
          <CardImage url={entry.image_url} sizes={PARTNER_MEDIA_SIZES} width={400} height={300} />
        </span>
        <span className="ba-list__text">
          <strong className="ba-list__name">{entry.name}</strong>
          <span className="ba-list__desc">{entry.description}</span>
          <span className="ba-list__more">{t.toDetail} →</span>
        </span>
      </a>
      <div className="ba-list__communities">
        <h3 className="ba-list__sub">{ja.partners.communities}</h3>
        <CommunityGrid communities={entry.communities} />
      </div>
    </li>
  );
}

export default function Page() {
  const { brands, ambassadors } = useData<Data>();
  const [tab, setTab] = useState<'brands' | 'ambassadors'>('brands');
  return (
    <section className="page ba-list">
      <a className="back-link" href="/brand_ambassador">
        {t.title}
      </a>
      <h1 className="page__title">{t.listTitle}</h1>
      <p className="muted">{t.listLead}</p>
      <div className="tabs" role="tablist">
        <button
          type="button"
          role="tab"
          id="tab-brands"
          aria-controls="panel-brands"
          className="tabs__tab"
          aria-selected={tab === 'brands'}
          onClick={() => setTab('brands')}
        >
          {t.listBrands}({brands.length})
        </button>
        <button
          type="button"
          role="tab"
          id="tab-ambassadors"
          aria-controls="panel-ambassadors"
          className="tabs__tab"
          aria-selected={tab === 'ambassadors'}
          onClick={() => setTab('ambassadors')}
        >
          {t.listAmbassadors}({ambassadors.length})
        </button>
      </div>
      <div role="tabpanel" id="panel-brands" aria-labelledby="tab-brands" hidden={tab !== 'brands'}>
        {brands.length === 0 ? (
          <p className="empty">{ja.partners.empty}</p>
        ) : (
          <ul className="ba-list__items">
            {brands.map((b) => (
              <PartnerRow key={b.id} entry={b} href={`/brands/${b.id}`} />
            ))}
          </ul>
        )}
      </div>
      <div role="tabpanel" id="panel-ambassadors" aria-labelledby="tab-ambassadors" hidden={tab !== 'ambassadors'}>
        {ambassadors.length === 0 ? (
          <p className="empty">{ja.partners.empty}</p>
        ) : (
          <ul className="ba-list__items">
            {ambassadors.map((a) => (
              <PartnerRow key={a.id} entry={a} href={`/ambassadors/${a.id}`} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
