// https://vike.dev/title
import { ja } from '#src/i18n/ja';

export default `${ja.r13a.listTitle} | ${ja.site.name}`;
