// The home page's blocks, rendered by the server only (+Page.tsx puts them into ServerHtml parts): the hero with the
// catalogue's count, the new arrivals, the areas, the categories and the links for hosts and brands. All of it is
// links and text; the hearts on the cards work through FavoriteHeart's document listener, which +Page.tsx loads.
import * as ja from '#src/i18n/ja';
import { ExperienceGrid } from '#src/components/ExperienceCard';
import { heartsOf } from '#src/components/FavoriteHeart';
import { locationPath } from '#src/modules/experiences/experience-links.shared';
import type { HomeServerPart } from './home-server';

/** The inside of the hero (`<section className="hero">`). */
export function HomeHero({ home }: HomeServerPart) {
  return (
    <div className="hero__inner">
      <h1 className="hero__title">{ja.home.heroTitle}</h1>
      <p className="hero__lead">{ja.home.heroLead}</p>
      <a href="/stories" className="button hero__cta">
        {ja.home.heroCta}
        {home.total_count > 0 && <span className="hero__count">{ja.browse.totalCount(home.total_count)}</span>}
      </a>
    </div>
  );
}

/** The inside of the page below the hero (`<div className="page home">`). */
export function HomeBlocks({ home, favoriteIds }: HomeServerPart) {
  return (
    <>
      <section className="home__section" aria-labelledby="home-new">
        <div className="home__head">
          <h2 id="home-new">{ja.home.newArrivals}</h2>
          <a href="/stories" className="home__more">
            {ja.home.seeAll} ›
          </a>
        </div>
        {home.new_arrivals.length > 0 ? (
          <ExperienceGrid experiences={home.new_arrivals} eagerCount={4} heart={heartsOf(favoriteIds)} />
        ) : (
          <p className="empty">{ja.browse.emptyList}</p>
        )}
      </section>

      <section className="home__section" aria-labelledby="home-areas">
        <div className="home__head">
          <h2 id="home-areas">{ja.home.areas}</h2>
        </div>
        {home.areas.length > 0 ? (
          <ul className="home__areas">
            {home.areas.map((area) => (
              <li key={area.id}>
                <a className="chip home__area" href={locationPath(area.name)}>
                  {area.name}
                  <span className="chip__count">{area.count}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{ja.browse.homeAreasEmpty}</p>
        )}
      </section>

      <section className="home__section" aria-labelledby="home-categories">
        <div className="home__head">
          <h2 id="home-categories">{ja.home.categories}</h2>
        </div>
        <ul className="home__categories">
          {home.categories.map((category, i) => (
            <li key={category.id}>
              <a className={`home__category home__category--${i % 5}`} href={`/stories/category/${category.id}`}>
                <span className="home__category-name">{category.name}</span>
                <span className="home__category-count">{ja.browse.count(category.count)}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="home__section" aria-labelledby="home-host">
        <div className="home__head">
          <h2 id="home-host">{ja.browse.homeHostTitle}</h2>
        </div>
        <div className="home-links">
          <a className="home-link card" href="/host_story">
            <strong>{ja.nav.hostStories}</strong>
            <span className="muted">{ja.home.hostLinkLead}</span>
          </a>
          <a className="home-link card" href="/brand_ambassador">
            <strong>{ja.nav.brandAmbassador}</strong>
            <span className="muted">{ja.home.brandLinkLead}</span>
          </a>
          <a className="home-link card" href="/inquiry">
            <strong>{ja.nav.inquiry}</strong>
            <span className="muted">{ja.home.inquiryLinkLead}</span>
          </a>
        </div>
      </section>
    </>
  );
}
