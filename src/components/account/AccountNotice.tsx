// The notice of the section an account page just saved (reloadPage(notice)): shown on top and scrolled into view,
// since the reload keeps the scroll position of the section.
import { useEffect, useState } from 'react';
import { takeReloadNotice } from '#src/lib/isomorphic/browser-navigation';

export function AccountNotice() {
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => setNotice(takeReloadNotice()), []);
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
