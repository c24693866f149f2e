import * as ja from '#src/i18n/ja';

export default `${ja.adminPages.areaName} | ${ja.site.name}`;
