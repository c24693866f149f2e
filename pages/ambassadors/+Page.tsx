import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { PartnerCard } from '#src/components/PartnerCard';
import { Pagination } from '#src/components/Pagination';
import type { Data } from './+data';
import '#pages/brands/brands.css';

export default function Page() {
  const { ambassadors, meta } = useData<Data>();
  return (
    <section className="page partners-page">
      <header className="partners-page__header">
        <p className="partners-page__eyebrow">{ja.details.programEyebrow}</p>
        <h1 className="page__title">{ja.partners.ambassadorsTitle}</h1>
        <p className="muted">{ja.partners.ambassadorsLead}</p>
      </header>
      {ambassadors.length === 0 ? (
        <p className="empty">{ja.partners.empty}</p>
      ) : (
        <ul className="partner-grid">
          {ambassadors.map((a) => (
            <li key={a.id}>
              <PartnerCard href={`/ambassadors/${a.id}`} name={a.name} imageUrl={a.image_url} sub={a.address} text={a.description} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={meta.current_page}
        totalPages={meta.total_pages}
        href={(p) => (p <= 1 ? '/ambassadors' : `/ambassadors?page=${p}`)}
      />
    </section>
  );
}
