// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.nav.privacy} | ${ja.site.name}`;
