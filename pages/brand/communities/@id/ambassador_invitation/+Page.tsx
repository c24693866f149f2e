// /brand/communities/{id}/ambassador_invitation: choose a published ambassador not yet in the community (id
// required: 必須です), POST …/association, then …/ambassador_invitation_complete.
import { useData } from 'vike-react/useData';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { BRAND_API, handleUnauthorized } from '#src/components/brand/brand-paths';
import { Breadcrumbs, crumbs } from '#src/components/brand/Breadcrumbs';
import { Field, FormErrors, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { ApiError } from '#src/lib/isomorphic/api-client';
import type { Data } from './+data';

const t = ja.brandPortalPages.ambassadors;

export default function Page() {
  const { community, ambassadors } = useData<Data>();
  const form = useForm<{ ambassador_id: string }>({
    path: (values) => `${BRAND_API}/communities/${community.id}/ambassadors/${values.ambassador_id}/association`,
    body: () => ({}),
    toValues: (data) => ({ ambassador_id: String(data.get('ambassador_id') ?? '') }),
    check: (values): Record<string, string[]> => (/^[1-9]\d*$/.test(values.ambassador_id) ? {} : { ambassador_id: [t.required] }),
    onSuccess: () => goTo(`/brand/communities/${community.id}/ambassador_invitation_complete`),
    onError: (error) => {
      if (handleUnauthorized(error)) return true;
      // Spec §8: the portal's failure message on top, the server's own messages under it.
      if (error instanceof ApiError && error.status !== 422) {
        form.setErrors({ base: [t.addFailed, ...error.all()] });
        return true;
      }
      return false;
    },
  });
  return (
    <section>
      <Breadcrumbs items={crumbs.addAmbassador(community)} />
      <div className="admin-head">
        <h1>{t.inviteTitle}</h1>
      </div>
      <div className="panel">
        <form {...form.formProps} className="admin-form">
          <p className="admin-lead">{t.inviteLead}</p>
          <FormErrors messages={form.errors} all />
          {ambassadors.length === 0 ? (
            <p className="muted" data-testid="no-ambassadors">
              {t.none}
            </p>
          ) : (
            <Field name="ambassador_id" label={t.choose} required messages={form.messages('ambassador_id')}>
              {(control) => (
                <select className="select" {...control} defaultValue="">
                  <option value="">{t.choosePlaceholder}</option>
                  {ambassadors.map((row) => (
                    <option key={row.id} value={row.id}>
                      ID: {row.id} {row.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <div className="admin-form__actions">
            <button type="submit" className="button" {...form.submitProps} disabled={!form.ready || ambassadors.length === 0}>
              {t.submit}
            </button>
            <a href={`/brand/communities/${community.id}/ambassadors`} className="button button--ghost">
              {ja.adminPages.cancel}
            </a>
          </div>
        </form>
      </div>
    </section>
  );
}
