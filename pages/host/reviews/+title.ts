// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default function title() {
  return `${ja.reviewPosting.hostTitle} | ${ja.site.name}`;
}
