// A brand or ambassador as a card (lists /brands, /ambassadors, /brand_ambassador/list).
import { CardImage } from '#src/components/CardImage';
import './LinkCard.css';
import './PartnerCard.css';

/** The card's width (PartnerCard.css: columns of at least 250px in the 1150px content: about 270px; one column on a phone). */
const PARTNER_CARD_SIZES = '(min-width: 1081px) 280px, (min-width: 768px) 50vw, 100vw';

export function PartnerCard({
  href,
  name,
  imageUrl,
  sub,
  text,
}: {
  href: string;
  name: string;
  imageUrl: string | null;
  sub?: string | null;
  text?: string;
}) {
  return (
    <a className="partner-card link-card card" href={href}>
      <div className="partner-card__media link-card__media">
        <CardImage url={imageUrl} sizes={PARTNER_CARD_SIZES} width={480} height={300} />
      </div>
      <div className="partner-card__body">
        <h2 className="partner-card__name">{name}</h2>
        {sub && <p className="partner-card__sub">{sub}</p>}
        {text && <p className="partner-card__text">{text}</p>}
      </div>
    </a>
  );
}
