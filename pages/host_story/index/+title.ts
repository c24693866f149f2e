// https://vike.dev/title
import { ja } from '#src/i18n/ja';

export default `${ja.hostStory.guidelinesTitle} | ${ja.site.name}`;
