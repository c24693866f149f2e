// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.dataExport.pageTitle} | ${ja.site.name}`;
