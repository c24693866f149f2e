// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.adminPages.ambassadors.listTitle} | ${ja.adminPages.areaName} | ${ja.site.name}`;
