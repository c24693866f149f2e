import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { Carousel } from '#src/components/Carousel';
import { PartnerLinks } from '#src/components/PartnerLinks';
import { CommunityGrid } from '#src/components/CommunityCard';
import type { Data } from './+data';
import '#pages/brands/brands.css';

export default function Page() {
  const { brand, communities } = useData<Data>();
  return (
    <article className="page partner-detail">
      <a className="back-link" href="/brands">
        {ja.partners.backToBrands}
      </a>
      <div className="partner-detail__top">
        <Carousel images={brand.images} alt={brand.name} autoAdvanceMs={3000} />
        <div>
          <p className="partners-page__eyebrow">{ja.details.programEyebrow}</p>
          <h1 className="partner-detail__name">{brand.name}</h1>
          <PartnerLinks homepageUrl={brand.homepage_url} instagram={brand.instagram_username} x={brand.x_username} />
          <p className="partner-detail__text">{brand.description}</p>
        </div>
      </div>
      <section>
        <h2 className="partner-detail__heading">{ja.partners.communities}</h2>
        <CommunityGrid communities={communities} />
      </section>
    </article>
  );
}
