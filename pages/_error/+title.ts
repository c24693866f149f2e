// https://vike.dev/title
import type { PageContext } from 'vike/types';
import { isPortalPath } from '#src/components/brand/portal-path';
import * as ja from '#src/i18n/ja';

/** Named like the pages around it: "… | ブランド管理画面" under /brand, "… | たびとこ" elsewhere. */
export default (pageContext: PageContext) =>
  `${
    pageContext.is404 !== false
      ? ja.errors.notFoundTitle
      : pageContext.abortStatusCode === 403
        ? ja.adminPages.forbiddenTitle
        : pageContext.abortStatusCode === 503
          ? ja.errors.busyTitle
          : ja.errors.serverErrorTitle
  } | ${isPortalPath(pageContext.urlPathname) ? ja.brandPortalPages.areaName : ja.site.name}`;
