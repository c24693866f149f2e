// https://vike.dev/title
import { dashboardsJa } from '#src/i18n/dashboards';
import { ja } from '#src/i18n/ja';

export default `${dashboardsJa.adminTitle} | ${ja.adminPages.areaName} | ${ja.site.name}`;
