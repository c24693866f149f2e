import { ja } from '#src/i18n/ja';

export default `${ja.brandPortalPages.areaName} | ${ja.site.name}`;
