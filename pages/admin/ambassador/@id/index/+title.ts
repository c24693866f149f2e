// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.adminPages.ambassadors.summaryTitle} | ${ja.adminPages.areaName} | ${ja.site.name}`;
