// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.adminAudit.title} | ${ja.adminPages.areaName} | ${ja.site.name}`;
