// https://vike.dev/title
import * as ja from '#src/i18n/ja';

export default `${ja.adminReservations.title} | ${ja.adminPages.areaName} | ${ja.site.name}`;
