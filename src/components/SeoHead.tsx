// Head tags beyond vike-react's title/description/image settings: canonical URL, og:url/type/site_name, the X
// card (vike-react adds summary_large_image when the page has an image) and optional JSON-LD. For +Head files.
import * as ja from '#src/i18n/ja';
import { jsonLd } from './seo';

export interface SeoHeadProps {
  /** Absolute canonical URL. */
  url: string;
  type?: 'website' | 'article';
  /** True when the page sets +image (then vike-react writes the large-image X card). */
  hasImage?: boolean;
  noindex?: boolean;
  structuredData?: unknown;
}

export function SeoHead({ url, type = 'website', hasImage = false, noindex = false, structuredData }: SeoHeadProps) {
  return (
    <>
      <link rel="canonical" href={url} />
      <meta property="og:url" content={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={ja.site.name} />
      <meta property="og:locale" content="ja_JP" />
      {!hasImage && <meta name="twitter:card" content="summary" />}
      {noindex && <meta name="robots" content="noindex" />}
      {structuredData !== undefined && (
        // JSON-LD is the one place markup is injected: built with JSON.stringify, `<` escaped (see jsonLd()).
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(structuredData) }} />
      )}
    </>
  );
}
