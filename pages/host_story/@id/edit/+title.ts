// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.hostStory.formTitle} | ${ja.site.name}`;
