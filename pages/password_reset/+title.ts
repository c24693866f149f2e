import * as ja from '#src/i18n/ja';

export default `${ja.details.resetRequest.title} | ${ja.site.name}`;
