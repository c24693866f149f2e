// https://vike.dev/title
import { ja } from '#src/i18n/ja';
import { jaLeaving } from '#src/i18n/ja-leaving';

export default `${jaLeaving.dataExport.pageTitle} | ${ja.site.name}`;
