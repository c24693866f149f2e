// /brand/sign_out: ends the portal session, then /brand/sign_in (a failure is only logged, spec §8).
import { useEffect } from 'react';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';

export default function Page() {
  useEffect(() => {
    api('/brand/api/v1/brand-members/sign-out', { method: 'DELETE' })
      .catch((error) => console.error('sign-out failed', error))
      .finally(() => window.location.assign('/brand/sign_in'));
  }, []);
  return (
    <section className="panel brand-auth">
      <p>{ja.common.loading}</p>
    </section>
  );
}
