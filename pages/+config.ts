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
} satisfies Config;
