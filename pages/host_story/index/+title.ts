// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.hostStory.guidelinesTitle} | ${ja.site.name}`;
