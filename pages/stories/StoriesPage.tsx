// The experience list (/stories and its location, category and theme filters): newest first, paginated.
import { useData } from 'vike-react/useData';
import { ja } from '#src/i18n/ja';
import { ExperienceGrid } from '#src/components/ExperienceCard';
import { Pagination } from '#src/components/Pagination';
import type { StoriesData } from './list-data';
import { listHeading, listPath } from './list-head';
import '#src/components/chips.css';
import './stories.css';

export default function StoriesPage() {
  const data = useData<StoriesData>();
  const { list, categories } = data;
  const filter = list.filters[0] ?? null;
  const path = listPath(data);
  return (
    <section className="page stories">
      {filter && (
        <nav className="stories__crumbs" aria-label={ja.nav.breadcrumbs}>
          <a href="/stories">{ja.browse.listTitle}</a>
          <span aria-hidden="true">›</span>
          <span aria-current="page">{filter.type === 'theme' ? `#${filter.name}` : filter.name}</span>
        </nav>
      )}
      <header className="stories__header">
        <h1 className="stories__title">{listHeading(data)}</h1>
        <p className="stories__count" data-testid="stories-count">
          {ja.browse.totalCount(list.meta.total_count)}
        </p>
      </header>
      {!filter && <p className="stories__lead muted">{ja.browse.listLead}</p>}
      <nav className="stories__chips" aria-label={ja.home.categories}>
        <a className="chip" href="/stories" aria-current={filter === null ? 'page' : undefined}>
          {ja.browse.allStories}
        </a>
        {categories.map((category) => (
          <a
            key={category.id}
            className="chip"
            href={`/stories/category/${category.id}`}
            aria-current={filter?.type === 'category' && filter.id === category.id ? 'page' : undefined}
          >
            {category.name}
          </a>
        ))}
      </nav>
      {list.experiences.length === 0 ? (
        <div className="empty stories__empty">
          <p>{ja.browse.emptyList}</p>
          {filter && (
            <a className="button button--ghost" href="/stories">
              {ja.browse.allStories}
            </a>
          )}
        </div>
      ) : (
        <ExperienceGrid experiences={list.experiences} eagerCount={4} headingLevel={2} />
      )}
      <Pagination page={list.meta.page} totalPages={list.meta.total_pages} href={(p) => (p === 1 ? path : `${path}?page=${p}`)} />
    </section>
  );
}
