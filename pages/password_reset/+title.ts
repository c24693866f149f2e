import { ja } from '#src/i18n/ja';

export default `${ja.s15b.resetRequest.title} | ${ja.site.name}`;
