// The notice of the section an account page just saved (reloadPage(notice)): shown on top and scrolled into view,
// since the reload keeps the scroll position of the section.
import { useEffect } from 'react';
import { useReloadNotice } from '#src/components/use-reload-notice';

export function AccountNotice() {
  const [notice] = useReloadNotice();
  useEffect(() => {
    if (notice) document.querySelector('[data-testid="account-notice"]')?.scrollIntoView({ block: 'center' });
  }, [notice]);
  if (!notice) return null;
  return (
    <p className="alert alert--success" role="status" data-testid="account-notice">
      {notice}
    </p>
  );
}
