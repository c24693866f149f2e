// https://vike.dev/title
import { ja } from '#src/i18n/ja';

export default `${ja.leaving.title} | ${ja.site.name}`;
