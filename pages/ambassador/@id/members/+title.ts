// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.adminPages.ambassadors.membersTitlePlain} | ${ja.adminPages.areaName} | ${ja.site.name}`;
