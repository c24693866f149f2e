// Ambassador detail (guest-and-host.md §2): carousel advancing every 3 seconds, links, a description that
// collapses at about 5 lines, and the ambassador's communities.
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { Carousel } from '#src/components/Carousel';
import { CollapsibleText } from '#src/components/CollapsibleText';
import { PartnerLinks } from '#src/components/PartnerLinks';
import { CommunityGrid } from '#src/components/CommunityCard';
import type { Data } from './+data';
import '#src/components/location-pin.css';
import '#pages/brands/brands.css';

export default function Page() {
  const { ambassador, communities } = useData<Data>();
  return (
    <article className="page partner-detail">
      <a className="back-link" href="/ambassadors">
        {ja.partners.backToAmbassadors}
      </a>
      <div className="partner-detail__top">
        <Carousel images={ambassador.images} alt={ambassador.name} autoAdvanceMs={3000} />
        <div>
          <p className="partners-page__eyebrow">{ja.details.programEyebrow}</p>
          <h1 className="partner-detail__name">{ambassador.name}</h1>
          {ambassador.address && (
            <p className="partner-detail__address location-pin">
              <span className="visually-hidden">{ja.partners.address}: </span>
              {ambassador.address}
            </p>
          )}
          <PartnerLinks homepageUrl={ambassador.homepage_url} instagram={ambassador.instagram_username} x={ambassador.x_username} />
          <CollapsibleText text={ambassador.description} lines={5} className="partner-detail__description" />
        </div>
      </div>
      <section>
        <h2 className="partner-detail__heading">{ja.partners.communities}</h2>
        <CommunityGrid communities={communities} />
      </section>
    </article>
  );
}
