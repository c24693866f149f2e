// Homepage, Instagram and X links of a brand or ambassador. User names were validated ([A-Za-z0-9._]);
// they are still encoded, and the homepage is an http(s) URL (ambassadors.schemas.ts).
import * as ja from '#src/i18n/ja';
import './PartnerLinks.css';

export function PartnerLinks({ homepageUrl, instagram, x }: { homepageUrl: string | null; instagram: string | null; x: string | null }) {
  if (!homepageUrl && !instagram && !x) return null;
  const safeHomepage = homepageUrl && /^https?:\/\//i.test(homepageUrl) ? homepageUrl : null;
  return (
    <ul className="partner-links" aria-label={ja.partners.links}>
      {safeHomepage && (
        <li>
          <a href={safeHomepage} target="_blank" rel="noopener noreferrer" className="partner-links__link">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4c.8 1.2 1.5 2.5 1.9 4h-3.8c.4-1.5 1.1-2.8 1.9-4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9c.3 1.3.8 2.5 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6C8.8 5.5 8.3 6.7 8 8Zm4 12c-.8-1.2-1.5-2.5-1.9-4h3.8c-.4 1.5-1.1 2.8-1.9 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6c.6-1.1 1.1-2.3 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z" />
            </svg>
            {ja.partners.homepage}
          </a>
        </li>
      )}
      {instagram && (
        <li>
          <a
            href={`https://www.instagram.com/${encodeURIComponent(instagram)}/`}
            target="_blank"
            rel="noopener noreferrer"
            className="partner-links__link"
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4ZM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4ZM21.9 7.1c0-1.6-.4-3-1.6-4.1S17.5 1.4 15.9 1.4C14.2 1.3 9.8 1.3 8.1 1.4 6.5 1.4 5.1 1.8 4 3S2.4 5.5 2.3 7.1c-.1 1.7-.1 6.1 0 7.8.1 1.6.4 3 1.6 4.1s2.5 1.5 4.1 1.6c1.7.1 6.1.1 7.8 0 1.6-.1 3-.4 4.1-1.6s1.5-2.5 1.6-4.1c.1-1.7.1-6.1 0-7.8Zm-2.2 9.6a3.2 3.2 0 0 1-1.8 1.8c-1.3.5-4.3.4-5.8.4s-4.5.1-5.8-.4a3.2 3.2 0 0 1-1.8-1.8c-.5-1.3-.4-4.3-.4-5.7s-.1-4.4.4-5.7a3.2 3.2 0 0 1 1.8-1.8c1.3-.5 4.3-.4 5.8-.4s4.5-.1 5.8.4a3.2 3.2 0 0 1 1.8 1.8c.5 1.3.4 4.3.4 5.7s.1 4.4-.4 5.7Z" />
            </svg>
            {ja.partners.instagram}
          </a>
        </li>
      )}
      {x && (
        <li>
          <a href={`https://x.com/${encodeURIComponent(x)}`} target="_blank" rel="noopener noreferrer" className="partner-links__link">
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M17.8 2.5h3.1l-6.7 7.7 7.9 10.4h-6.2l-4.8-6.3-5.5 6.3H2.5l7.2-8.2L2.1 2.5h6.3l4.4 5.8 5-5.8Zm-1.1 16.2h1.7L7.4 4.2H5.6l11.1 14.5Z" />
            </svg>
            {ja.partners.x}
          </a>
        </li>
      )}
    </ul>
  );
}
