// The notice of the section an account page just saved (reloadPage(notice)): shown on top, focused so that it is
// announced, and scrolled into view, since the reload keeps the scroll position of the section. The focus reads it,
// so it is no live region (src/components/LiveRegion.tsx).
import { focusNotice, useReloadNotice } from '#src/components/use-reload-notice';

export function AccountNotice() {
  const [notice] = useReloadNotice();
  if (!notice) return null;
  return (
    <p className="alert alert--success" tabIndex={-1} ref={focusNotice} data-testid="account-notice">
      {notice}
    </p>
  );
}
