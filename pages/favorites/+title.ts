// https://vike.dev/title
import { ja } from '#src/i18n/ja';
import { jaGuest } from '#src/i18n/ja-guest';

export default `${jaGuest.favoritesPage.title} | ${ja.site.name}`;
