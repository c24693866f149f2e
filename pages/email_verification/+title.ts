import * as ja from '#src/i18n/ja';

export default `${ja.emailVerification.title} | ${ja.site.name}`;
