// /admin/ambassador/new, /admin/ambassador/{id}/edit, /admin/brand/new, /admin/brand/{id}/edit: publish toggle,
// up to 3 wide photos, name, description, (address,) homepage URL, Instagram, X. Checked with the server's
// schema first; the server's 422 messages go to their fields and the first one is alerted (spec §8).
import { type ReactNode, useState } from 'react';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import '#src/components/experience-form/experience-form.css';
import { Field, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import {
  AMBASSADOR_ADDRESS_MAX,
  AMBASSADOR_DESCRIPTION_MAX,
  AMBASSADOR_IMAGES_MAX,
  AMBASSADOR_NAME_MAX,
  ambassadorFormSchema,
  SOCIAL_USERNAME_MAX,
} from '#src/modules/ambassadors/ambassadors.schemas';
import { brandFormSchema } from '#src/modules/brands/brands.schemas';
import { AdminForm, FormActions, ImagesField, PublishedField } from './AdminFormParts';
import { LoadError } from './ListStatus';
import { type AdminPartner, PARTNER, type PartnerKind } from './partner-kinds';
import { firstMessage, useLoad } from './useLoad';

const a = ja.adminPages;

interface Values {
  published: boolean;
  images: { object_key: string; url: string; alt: string | null }[];
  name: string;
  description: string;
  address?: string;
  homepage_url: string;
  instagram_username: string;
  x_username: string;
}

function toValues(kind: PartnerKind, p: AdminPartner | null): Values {
  const values: Values = {
    published: p?.published ?? false,
    images: (p?.images ?? []).map(({ object_key, url, alt }) => ({ object_key, url, alt })),
    name: p?.name ?? '',
    description: p?.description ?? '',
    homepage_url: p?.homepage_url ?? '',
    instagram_username: p?.instagram_username ?? '',
    x_username: p?.x_username ?? '',
  };
  if (kind === 'ambassador') values.address = p?.address ?? '';
  return values;
}

export function PartnerForm({ kind, id }: { kind: PartnerKind; id?: number }) {
  const load = useLoad<AdminPartner>(id ? `${PARTNER[kind].api}/${id}` : null);
  if (id && load.state === 'loading') return <PartnerFormFrame kind={kind} id={id} body={<p>{a.loading}</p>} />;
  if (id && load.state === 'error')
    return <PartnerFormFrame kind={kind} id={id} body={<LoadError message={firstMessage(load.error, a.fetchFailed)} />} />;
  const entry = id && load.state === 'ok' ? load.data : null;
  return <PartnerFormFrame kind={kind} id={id} body={<PartnerFormBody kind={kind} id={id} initial={toValues(kind, entry)} />} />;
}

function PartnerFormFrame({ kind, id, body }: { kind: PartnerKind; id?: number; body: ReactNode }) {
  const k = PARTNER[kind];
  return (
    <section>
      <a href={id ? `${k.admin}/${id}` : k.admin} className="admin-back">
        ‹ {id ? k.text.summaryTitle : a.back}
      </a>
      <div className="admin-head">
        <h1>{id ? k.text.editTitle : k.text.newTitle}</h1>
      </div>
      {body}
    </section>
  );
}

function PartnerFormBody({ kind, id, initial }: { kind: PartnerKind; id?: number; initial: Values }) {
  const k = PARTNER[kind];
  const f = k.text.fields;
  const [values, setValues] = useState<Values>(initial);
  const form = useForm<Values>({
    schema: kind === 'ambassador' ? ambassadorFormSchema : brandFormSchema,
    path: id ? `${k.api}/${id}` : k.api,
    method: id ? 'PUT' : 'POST',
    alert: (messages, phase) => (phase === 'server' ? (Object.values(messages).flat()[0] ?? null) : null),
    // The list says what was saved (the layout shows the notice on the next page).
    onSuccess: () => goTo(k.admin, a.partnerSaved(values.name.trim(), !id)),
  });
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const text = (
    name: 'name' | 'homepage_url' | 'instagram_username' | 'x_username' | 'address',
    label: string,
    max?: number,
    required = false,
  ) => (
    <Field name={name} label={label} required={required} max={max} value={values[name] ?? ''} messages={form.messages(name)}>
      {(control) => (
        <input
          className="input"
          type={name === 'homepage_url' ? 'url' : 'text'}
          {...control}
          value={values[name] ?? ''}
          onChange={(e) => set(name, e.target.value)}
          placeholder={name === 'homepage_url' ? 'https://' : name.endsWith('username') ? '@' : undefined}
        />
      )}
    </Field>
  );

  return (
    <AdminForm errors={form.errors} onSubmit={() => void form.send(values)}>
      <PublishedField
        published={values.published}
        messages={form.messages('published')}
        onChange={(published) => set('published', published)}
      />
      <ImagesField
        label={f.images}
        required={false}
        max={AMBASSADOR_IMAGES_MAX}
        errors={form.errors}
        values={values}
        setValues={setValues}
      />
      {text('name', f.name, AMBASSADOR_NAME_MAX, true)}
      <Field
        name="description"
        label={f.description}
        required
        max={AMBASSADOR_DESCRIPTION_MAX}
        value={values.description}
        messages={form.messages('description')}
      >
        {(control) => (
          <textarea className="textarea" {...control} value={values.description} onChange={(e) => set('description', e.target.value)} />
        )}
      </Field>
      {kind === 'ambassador' && text('address', ja.adminPages.ambassadors.fields.address, AMBASSADOR_ADDRESS_MAX)}
      {text('homepage_url', f.homepageUrl)}
      {text('instagram_username', f.instagram, SOCIAL_USERNAME_MAX)}
      {text('x_username', f.x, SOCIAL_USERNAME_MAX)}
      <FormActions
        form={form}
        submit={form.submitting ? a.saving : id ? k.text.updateSubmit : k.text.createSubmit}
        cancelHref={id ? `${k.admin}/${id}` : k.admin}
      />
    </AdminForm>
  );
}
