import * as ja from '#src/i18n/ja';

export default `${ja.auth.logonTitle} | ${ja.site.name}`;
