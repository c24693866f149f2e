// https://vike.dev/config
import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';
import * as ja from '#src/i18n/ja';

export default {
  extends: [vikeReact],
  lang: 'ja',
  title: `${ja.site.name} | ${ja.site.tagline}`,
  description: ja.site.description,
  // With server routing the browser's pageContext has no URL of its own (Vike's client router computed it): the
  // URL values components read are passed like `user` (urlParsed: only `search`, the one part read in the browser).
  passToClient: ['user', 'urlOriginal', 'urlPathname', 'urlParsed.search'],
  // Server routing (https://vike.dev/server-routing): every navigation is a full page load and the browser
  // only hydrates the page it was sent. vike-react turns client routing on; this turns it off, which takes the client
  // router and its map of every page out of each page's JavaScript. Pages navigate with #src/lib/isomorphic/browser-navigation.
  clientRouting: false,
  // The head's settings on the server only (https://vike.dev/meta: a setting's environment can be changed). vike-react
  // loads them in the browser to set the title, language and description after a client-side navigation, which server
  // routing never does; so each page's entry carried the values, and a page's +title.ts or +description.ts with the
  // text sections it imports, for nothing.
  meta: {
    title: { env: { server: true } },
    description: { env: { server: true } },
    lang: { env: { server: true } },
    // vike-react's Loading: the browser reads it only for clientOnly() parts and a page wrapped in Loading.layout,
    // neither of which the site has.
    Loading: { env: { server: true } },
    // Read only by Vike's client router (a navigation before hydration ends), which server routing does not load.
    hydrationCanBeAborted: { env: { config: true } },
  },
} satisfies Config;
