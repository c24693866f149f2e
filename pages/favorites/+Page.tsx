// https://vike.dev/Page — /favorites (お気に入り): the experiences the guest has hearted, each card with its next open
// dates (Japan time), most recently hearted first. A heart cleared here stays on the page until the next visit, so
// a slip can be undone at once.
import { useData } from 'vike-react/useData';
import { formatDateJa } from '#src/lib/isomorphic/dates';
import { ExperienceCard } from '#src/components/ExperienceCard';
import { FavoriteHeart } from '#src/components/FavoriteHeart';
import { Pagination } from '#src/components/Pagination';
import { FavoriteDatesToggle } from './FavoriteDatesToggle';
import type { Data } from './+data';
import './favorites.css';
import * as ja from '#src/i18n/ja';

const t = ja.favoritesPage;

function NextDates({ slots }: { slots: Data['favorites'][number]['next_slots'] }) {
  return (
    <div className="favorite-dates" data-testid="favorite-dates">
      <span className="favorite-dates__label">{t.nextDates}</span>
      {slots.length === 0 ? (
        <span className="muted">{t.noDates}</span>
      ) : (
        <ul>
          {slots.map((slot) => (
            <li key={slot.id}>{t.slot(formatDateJa(slot.date), slot.start_time)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function Page() {
  const { favorites, meta, favoriteDatesMail } = useData<Data>();
  return (
    <div className="page favorites" data-testid="favorites">
      <div className="favorites__head">
        <h1 className="page__title">{t.title}</h1>
        {meta.total_count > 0 && <span className="muted">{t.count(meta.total_count)}</span>}
      </div>
      <p className="muted favorites__lead">{t.lead}</p>
      <FavoriteDatesToggle initial={favoriteDatesMail} />
      {favorites.length === 0 ? (
        <div className="favorites__empty">
          <p>{t.empty}</p>
          <a className="button" href="/stories">
            {t.browse}
          </a>
        </div>
      ) : (
        <ul className="xgrid">
          {favorites.map((favorite, i) => (
            <li key={favorite.id}>
              <ExperienceCard
                experience={favorite}
                eager={i < 4}
                headingLevel={2}
                heart={<FavoriteHeart experience={favorite} initial />}
                extra={<NextDates slots={favorite.next_slots} />}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={meta.page} totalPages={meta.total_pages} href={(p) => (p === 1 ? '/favorites' : `/favorites?page=${p}`)} />
    </div>
  );
}
