// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.adminPages.brands.editTitle} | ${ja.adminPages.areaName} | ${ja.site.name}`;
