// https://vike.dev/config
import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';
import { ja } from '#src/i18n/ja';

export default {
  extends: [vikeReact],
  lang: 'ja',
  title: `${ja.site.name} | ${ja.site.tagline}`,
  description: ja.site.description,
  passToClient: ['user'],
  // Client-side routing with SSR on first load.
  clientRouting: true,
  hydrationCanBeAborted: true,
} satisfies Config;
