// A community as a card linking to /communities/{id} (brand, ambassador and program list pages).
import type { CommunityCardData } from '#src/modules/communities/communities.schemas';
import * as ja from '#src/i18n/ja';
import { CardImage } from '#src/components/CardImage';
import './LinkCard.css';
import './CommunityCard.css';
import './location-pin.css';

/**
 * The card's width (CommunityCard.css: columns of at least 230px in the page's 1150px content; one column on a phone,
 * two or three on a tablet). Where the grid sits in a narrower column the browser still picks no larger a file.
 */
const COMMUNITY_CARD_SIZES = '(min-width: 1081px) 280px, (min-width: 768px) 50vw, 100vw';

function CommunityCard({ community }: { community: CommunityCardData }) {
  return (
    <a className="community-card link-card card" href={`/communities/${community.id}`}>
      <div className="community-card__media link-card__media">
        <CardImage url={community.image_url} sizes={COMMUNITY_CARD_SIZES} width={400} height={300} />
      </div>
      <div className="community-card__body">
        <p className="community-card__catch">{community.catchphrase}</p>
        <h3 className="community-card__name">{community.name}</h3>
        <p className="community-card__location location-pin">{community.location}</p>
      </div>
    </a>
  );
}

export function CommunityGrid({ communities, empty }: { communities: CommunityCardData[]; empty?: string }) {
  if (communities.length === 0) return <p className="empty community-grid__empty">{empty ?? ja.partners.noCommunities}</p>;
  return (
    <ul className="community-grid">
      {communities.map((c) => (
        <li key={c.id}>
          <CommunityCard community={c} />
        </li>
      ))}
    </ul>
  );
}
