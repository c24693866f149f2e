import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { PartnerCard } from '#src/components/PartnerCard';
import { Pagination } from '#src/components/Pagination';
import type { Data } from './+data';
import './brands.css';

export default function Page() {
  const { brands, meta } = useData<Data>();
  return (
    <section className="page partners-page">
      <header className="partners-page__header">
        <p className="partners-page__eyebrow">{ja.details.programEyebrow}</p>
        <h1 className="page__title">{ja.partners.brandsTitle}</h1>
        <p className="muted">{ja.partners.brandsLead}</p>
      </header>
      {brands.length === 0 ? (
        <p className="empty">{ja.partners.empty}</p>
      ) : (
        <ul className="partner-grid">
          {brands.map((brand) => (
            <li key={brand.id}>
              <PartnerCard href={`/brands/${brand.id}`} name={brand.name} imageUrl={brand.image_url} text={brand.description} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={meta.current_page} totalPages={meta.total_pages} href={(p) => (p <= 1 ? '/brands' : `/brands?page=${p}`)} />
    </section>
  );
}
