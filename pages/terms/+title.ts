// https://vike.dev/title
import { ja } from '#src/i18n/ja';

export default `${ja.legal.termsTitle} | ${ja.site.name}`;
