// https://vike.dev/error-page — the 404 page and the error page, in Japanese. Under /brand they are drawn inside the
// brand portal's frame (its header, and its navigation for a signed-in member) with a way back to the portal's top;
// elsewhere inside the marketplace's (pages/+Layout.tsx leaves the frame to this page under /brand).
import { usePageContext } from 'vike-react/usePageContext';
import { BrandLayout } from '#src/components/brand/BrandLayout';
import { isPortalPath } from '#src/components/brand/portal-path';
import * as ja from '#src/i18n/ja';

function ErrorContent({ portal }: { portal: boolean }) {
  const { is404, abortReason, abortStatusCode, urlOriginal } = usePageContext();
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
  // throw render(503) from a hook: the database was too busy to answer in time (server/page-services.ts).
  if (!notFound && abortStatusCode === 503) {
    return (
      <section className="error-page" data-testid="busy">
        <p className="error-page__code">503</p>
        <h1>{ja.errors.busyTitle}</h1>
        <p>{ja.errors.busyBody}</p>
        <p className="error-page__actions">
          <a href={urlOriginal} className="button">
            {ja.errors.reload}
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
      {portal ? (
        <p className="error-page__actions">
          <a href="/brand" className="button">
            {ja.portalError.portalTop}
          </a>
        </p>
      ) : (
        <p className="error-page__actions">
          <a href="/" className="button">
            {ja.nav.top}
          </a>
          <a href="/stories" className="button button--ghost">
            {ja.nav.stories}
          </a>
        </p>
      )}
    </section>
  );
}

export default function Page() {
  const { urlPathname } = usePageContext();
  if (!isPortalPath(urlPathname)) return <ErrorContent portal={false} />;
  return (
    <BrandLayout>
      <ErrorContent portal />
    </BrandLayout>
  );
}
