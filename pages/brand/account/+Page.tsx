// /brand/account: the brand member's own account settings (the e-mail address), each section saving on its own and
// reloading the page with a notice.
import { useEffect, useState } from 'react';
import { useData } from 'vike-react/useData';
import { ja } from '#src/i18n/ja';
import { takeReloadNotice } from '#src/lib/isomorphic/browser-navigation';
import { EmailChangeSection } from './EmailChangeSection';
import type { Data } from './+data';

export default function Page() {
  const { email } = useData<Data>();
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => setNotice(takeReloadNotice()), []);
  return (
    <div className="page--narrow">
      <h1 className="page__title">{ja.account.title}</h1>
      {notice && (
        <p className="alert alert--success" role="status" data-testid="account-notice">
          {notice}
        </p>
      )}
      <EmailChangeSection status={email} />
    </div>
  );
}
