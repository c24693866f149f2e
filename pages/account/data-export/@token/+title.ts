// https://vike.dev/title
import { ja } from '#src/i18n/ja';

export default `${ja.dataExport.pageTitle} | ${ja.site.name}`;
