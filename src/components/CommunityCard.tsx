// A community as a card linking to /communities/{id} (brand, ambassador and program list pages).
import type { CommunityCardData } from '#src/modules/communities/communities.schemas';
import { ja } from '#src/i18n/ja';
import './CommunityCard.css';

function CommunityCard({ community }: { community: CommunityCardData }) {
  return (
    <a className="community-card card" href={`/communities/${community.id}`}>
      <div className="community-card__media">
        {community.image_url ? (
          <img src={community.image_url} alt="" loading="lazy" decoding="async" />
        ) : (
          <span>{ja.partners.noImage}</span>
        )}
      </div>
      <div className="community-card__body">
        <p className="community-card__catch">{community.catchphrase}</p>
        <h3 className="community-card__name">{community.name}</h3>
        <p className="community-card__location">{community.location}</p>
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
