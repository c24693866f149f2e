// A brand or ambassador as a card (lists /brands, /ambassadors, /brand_ambassador/list).
import { ja } from '#src/i18n/ja';
import './PartnerCard.css';

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
    <a className="partner-card card" href={href}>
      <div className="partner-card__media">
        {imageUrl ? <img src={imageUrl} alt="" loading="lazy" decoding="async" /> : <span>{ja.partners.noImage}</span>}
      </div>
      <div className="partner-card__body">
        <h2 className="partner-card__name">{name}</h2>
        {sub && <p className="partner-card__sub">{sub}</p>}
        {text && <p className="partner-card__text">{text}</p>}
      </div>
    </a>
  );
}
