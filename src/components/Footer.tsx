import * as ja from '#src/i18n/ja';

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__name">{ja.site.name}</p>
          <p className="site-footer__tagline">{ja.site.tagline}</p>
        </div>
        <ul className="site-footer__links">
          <li>
            <a href="/stories">{ja.nav.stories}</a>
          </li>
          <li>
            <a href="/host_story">{ja.nav.hostStories}</a>
          </li>
          <li>
            <a href="/brand_ambassador">{ja.nav.brandAmbassador}</a>
          </li>
          <li>
            <a href="/inquiry">{ja.nav.inquiry}</a>
          </li>
          <li>
            <a href="/terms">{ja.nav.terms}</a>
          </li>
          <li>
            <a href="/privacy">{ja.nav.privacy}</a>
          </li>
        </ul>
      </div>
      <p className="site-footer__copy">{ja.site.copyright}</p>
    </footer>
  );
}
