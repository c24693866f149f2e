// /brand/sign_out: ends the portal session, then /brand/sign_in (a failure is only logged, spec §8). Opened from the
// portal's own link it does so at once; from anywhere else it asks first (+data.ts says which).
import { useEffect, useState } from 'react';
import { useData } from 'vike-react/useData';
import { busyControl } from '#src/components/form/busy-control';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import type { Data } from './+data';

const t = ja.brandPortalPages;

function signOut(): Promise<void> {
  return api('/brand/api/v1/brand-members/sign-out', { method: 'DELETE' })
    .then(() => undefined)
    .catch((error) => console.error('sign-out failed', error))
    .finally(() => window.location.assign('/brand/sign_in'));
}

export default function Page() {
  const { confirm } = useData<Data>();
  const [busy, setBusy] = useState(!confirm);
  useEffect(() => {
    if (!confirm) void signOut();
  }, [confirm]);
  if (!confirm) {
    return (
      <section className="panel brand-auth">
        <p>{ja.common.loading}</p>
      </section>
    );
  }
  return (
    <section className="panel brand-auth">
      <h1>{t.signOutConfirm.title}</h1>
      <p>{t.signOutConfirm.body}</p>
      <div className="brand-auth__links">
        <button
          type="button"
          className="button"
          {...busyControl(busy, {
            onClick: () => {
              setBusy(true);
              void signOut();
            },
          })}
        >
          {t.signOut}
        </button>{' '}
        <a href="/brand" className="button button--ghost">
          {t.signOutConfirm.stay}
        </a>
      </div>
    </section>
  );
}
