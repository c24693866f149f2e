// https://vike.dev/error-page — the 404 page and the error page, in Japanese.
import { usePageContext } from 'vike-react/usePageContext';
import { ja } from '#src/i18n/ja';

export default function Page() {
  const { is404, abortReason, abortStatusCode } = usePageContext();
  const notFound = is404 !== false;
  // throw render(403, reason) in a guard (the administrator area): a page the visitor may not see.
  if (!notFound && abortStatusCode === 403) {
    return (
      <section className="error-page" data-testid="forbidden">
        <p className="error-page__code">403</p>
        <h1>{ja.adminPages.forbiddenTitle}</h1>
        <p>{typeof abortReason === 'string' ? abortReason : ja.errors.forbidden}</p>
        <p className="error-page__actions">
          <a href="/" className="button">
            {ja.nav.top}
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="error-page" data-testid={notFound ? 'not-found' : 'server-error'}>
      <p className="error-page__code">{notFound ? '404' : '500'}</p>
      <h1>{notFound ? ja.errors.notFoundTitle : ja.errors.serverErrorTitle}</h1>
      <p>{typeof abortReason === 'string' ? abortReason : notFound ? ja.errors.notFoundBody : ja.errors.serverErrorBody}</p>
      <p className="error-page__actions">
        <a href="/" className="button">
          {ja.nav.top}
        </a>
        <a href="/stories" className="button button--ghost">
          {ja.nav.stories}
        </a>
      </p>
    </section>
  );
}
