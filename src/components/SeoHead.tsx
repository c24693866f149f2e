// Head tags beyond vike-react's title/description/image settings: canonical URL, og:url/type/site_name, the X
// card (vike-react adds summary_large_image when the page has an image) and optional JSON-LD. For +Head files
// (SeoHead), and as one string for a page that makes its head on the server (seoHeadHtml, pages/+headHtmlEnd.ts).
import { createElement } from 'react';
import * as ja from '#src/i18n/ja';
import { attributesHtml, jsonLd } from './seo';

export interface SeoHeadProps {
  /** Absolute canonical URL. */
  url: string;
  type?: 'website' | 'article';
  /** True when the page sets +image (then vike-react writes the large-image X card). */
  hasImage?: boolean;
  noindex?: boolean;
  structuredData?: unknown;
}

type HeadTag = ['link' | 'meta', Record<string, string>];

/** The tags without the JSON-LD, in their order: the one list SeoHead renders and seoHeadHtml writes. */
function seoTags({ url, type = 'website', hasImage = false, noindex = false }: SeoHeadProps): HeadTag[] {
  const tags: HeadTag[] = [
    ['link', { rel: 'canonical', href: url }],
    ['meta', { property: 'og:url', content: url }],
    ['meta', { property: 'og:type', content: type }],
    ['meta', { property: 'og:site_name', content: ja.site.name }],
    ['meta', { property: 'og:locale', content: 'ja_JP' }],
  ];
  if (!hasImage) tags.push(['meta', { name: 'twitter:card', content: 'summary' }]);
  if (noindex) tags.push(['meta', { name: 'robots', content: 'noindex' }]);
  return tags;
}

export function SeoHead(props: SeoHeadProps) {
  return (
    <>
      {/* Each tag's first attribute (rel, property or name) differs from every other's. */}
      {seoTags(props).map(([tag, attributes]) => createElement(tag, { key: Object.values(attributes)[0], ...attributes }))}
      {props.structuredData !== undefined && (
        // JSON-LD is the one place markup is injected: built with JSON.stringify, `<` escaped (see jsonLd()).
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(props.structuredData) }} />
      )}
    </>
  );
}

/** The tags as written into the head (the markup SeoHead renders): one string, no React render of its own. */
export function seoHeadHtml(props: SeoHeadProps): string {
  let html = '';
  for (const [tag, attributes] of seoTags(props)) html += `<${tag}${attributesHtml(attributes)}/>`;
  if (props.structuredData !== undefined) html += `<script type="application/ld+json">${jsonLd(props.structuredData)}</script>`;
  return html;
}
