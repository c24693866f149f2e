import { ja } from '../../src/i18n/ja';
import './home.css';

export default function Page() {
  return (
    <>
      <section className="hero">
        <div className="hero__inner">
          <h1 className="hero__title">{ja.home.heroTitle}</h1>
          <p className="hero__lead">{ja.home.heroLead}</p>
          <a href="/stories" className="button hero__cta">{ja.home.heroCta}</a>
        </div>
      </section>
      <section className="page home-links">
        <a className="home-link card" href="/stories">
          <strong>{ja.nav.stories}</strong>
          <span className="muted">陶芸、料理、自然散策、オンライン講座まで</span>
        </a>
        <a className="home-link card" href="/host_story">
          <strong>{ja.nav.hostStories}</strong>
          <span className="muted">あなたの得意を体験にして届けましょう</span>
        </a>
        <a className="home-link card" href="/brand_ambassador">
          <strong>{ja.nav.brandAmbassador}</strong>
          <span className="muted">ブランドと地域のお店・学校をつなぐしくみ</span>
        </a>
      </section>
    </>
  );
}
