// https://vike.dev/title
import type { PageContext } from 'vike/types';
import { ja } from '#src/i18n/ja';

export default (pageContext: PageContext) =>
  `${
    pageContext.is404 !== false
      ? ja.errors.notFoundTitle
      : pageContext.abortStatusCode === 403
        ? ja.adminPages.forbiddenTitle
        : ja.errors.serverErrorTitle
  } | ${ja.site.name}`;
