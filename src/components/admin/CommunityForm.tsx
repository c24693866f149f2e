// /communities/new (コミュニティを作成) and /admin/communities/{id}/edit (コミュニティを更新): every field of spec §3,
// every rule of §5 (the server's communityFormSchema, checked here first), the application items; on success
// back to /admin/communities. The brand portal uses the same form with its own calls and frame (`target`).
import { type ReactNode, useEffect, useState } from 'react';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import '#src/components/experience-form/experience-form.css';
import { Field, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import {
  type AdminCommunity,
  COMMUNITY_CATCHPHRASE_MAX,
  COMMUNITY_HOST_NAME_MAX,
  COMMUNITY_IMAGES_MAX,
  COMMUNITY_LOCATION_MAX,
  COMMUNITY_NAME_MAX,
  COMMUNITY_TEXT_MAX,
  communityFormSchema,
} from '#src/modules/communities/communities.schemas';
import { MARKETPLACE_UPLOAD_PATH } from '#src/components/experience-form/ImageUploader';
import { AdminForm, FormActions, ImagesField, PublishedField } from './AdminFormParts';
import { ApplicationItems, type ItemState, orderedItems } from './ApplicationItems';
import { LoadError } from './ListStatus';
import { firstMessage, useLoad } from './useLoad';

const a = ja.adminPages;
const t = ja.adminPages.communities;
const labels = ja.adminApi.community.labels;

type TextKey = keyof typeof labels;

interface Values {
  published: boolean;
  images: { object_key: string; url: string; alt: string | null }[];
  texts: Record<TextKey, string>;
  items: ItemState[];
}

const SHORT: { key: TextKey; max: number }[] = [
  { key: 'name', max: COMMUNITY_NAME_MAX },
  { key: 'catchphrase', max: COMMUNITY_CATCHPHRASE_MAX },
];
const HOST: { key: TextKey; max: number; long?: boolean }[] = [
  { key: 'host_name', max: COMMUNITY_HOST_NAME_MAX },
  { key: 'host_description', max: COMMUNITY_TEXT_MAX, long: true },
];
const ABOUT: { key: TextKey; max: number; long?: boolean }[] = [
  { key: 'description', max: COMMUNITY_TEXT_MAX, long: true },
  { key: 'activity_description', max: COMMUNITY_TEXT_MAX, long: true },
  { key: 'important_thing', max: COMMUNITY_TEXT_MAX, long: true },
  { key: 'ideal_candidate_profile', max: COMMUNITY_TEXT_MAX, long: true },
  { key: 'participation_condition', max: COMMUNITY_TEXT_MAX, long: true },
  { key: 'location', max: COMMUNITY_LOCATION_MAX },
];

function initialValues(c: AdminCommunity | null): Values {
  const texts = Object.fromEntries(Object.keys(labels).map((key) => [key, ''])) as Record<TextKey, string>;
  if (c) for (const key of Object.keys(labels) as TextKey[]) texts[key] = (c[key] as string | null) ?? '';
  return {
    published: c?.published ?? false,
    images: (c?.images ?? []).map(({ object_key, url, alt }) => ({ object_key, url, alt })),
    texts,
    items: (c?.application_items ?? [])
      .slice()
      .sort((x, y) => Number(x.disabled) - Number(y.disabled) || x.sort_order - y.sort_order)
      .map((item) => ({
        key: `item-${item.id}`,
        id: item.id,
        name: item.name,
        required: item.required,
        disabled: item.disabled,
        answerCount: item.answer_count ?? 0,
      })),
  };
}

/** The JSON body of POST/PATCH: the form fields, images and the items in their order (sort_order = index). */
function communityBody(values: Values) {
  return {
    ...values.texts,
    published: values.published,
    images: values.images,
    application_items: orderedItems(values.items).map((item, index) => ({
      ...(item.id ? { id: item.id } : {}),
      name: item.name,
      required: item.required,
      disabled: item.disabled,
      sort_order: index,
    })),
  };
}

/** Where the form reads and saves, and where it goes afterwards: the admin area's calls, or the brand portal's. */
export interface CommunityFormTarget {
  /** GET of one community (edit). */
  one: (id: number) => string;
  /** POST (new) or the update call (edit). */
  save: (id?: number) => string;
  updateMethod: 'PATCH' | 'PUT';
  /** Where photos are uploaded (each area uploads with its own session). */
  upload: string;
  /** After saving. */
  done: (saved: AdminCommunity | undefined, id?: number) => string;
  /** Cancel. */
  back: string;
  /** A failed call before its messages are shown; true when handled (the portal's 401 → sign-in). */
  onError?: (error: unknown) => boolean;
  /** The caller draws the frame (breadcrumbs, heading): the form alone. */
  bare?: boolean;
}

const ADMIN_TARGET: CommunityFormTarget = {
  one: (id) => `/api/v1/admin/communities/${id}`,
  save: (id) => (id ? `/api/v1/admin/communities/${id}` : '/api/v1/admin/communities'),
  updateMethod: 'PATCH',
  upload: MARKETPLACE_UPLOAD_PATH,
  done: () => '/admin/communities',
  back: '/admin/communities',
};

export function CommunityForm({ id, target = ADMIN_TARGET }: { id?: number; target?: CommunityFormTarget }) {
  const load = useLoad<AdminCommunity>(id ? target.one(id) : null);
  const loadError = load.state === 'error' ? load.error : null;
  const { onError } = target;
  useEffect(() => {
    if (loadError) onError?.(loadError);
  }, [loadError, onError]);
  let body: ReactNode;
  if (id && load.state === 'loading') body = <p>{a.loading}</p>;
  else if (id && load.state === 'error') body = <LoadError message={firstMessage(load.error, a.fetchFailed)} />;
  else body = <CommunityFormBody id={id} target={target} initial={initialValues(id && load.state === 'ok' ? load.data : null)} />;
  if (target.bare) return body;
  return (
    <section>
      <a href="/admin/communities" className="admin-back">
        ‹ {a.back}
      </a>
      <div className="admin-head">
        <h1>{id ? t.editTitle : t.newTitle}</h1>
        {id && (
          <a href={`/communities/${id}`} className="button button--ghost button--small" target="_blank" rel="noreferrer">
            {ja.adminPages.ambassadors.publicPage}
          </a>
        )}
      </div>
      {body}
    </section>
  );
}

function CommunityFormBody({ id, initial, target }: { id?: number; initial: Values; target: CommunityFormTarget }) {
  const [values, setValues] = useState<Values>(initial);
  const form = useForm<ReturnType<typeof communityBody>, AdminCommunity>({
    schema: communityFormSchema,
    path: target.save(id),
    method: id ? target.updateMethod : 'POST',
    onError: target.onError,
    alert: (messages, phase) => (phase === 'server' ? (Object.values(messages).flat()[0] ?? null) : null),
    onMessages: () => document.querySelector('[aria-invalid="true"], .alert--error')?.scrollIntoView({ block: 'center' }),
    onSuccess: (saved) => goTo(target.done(saved, id)),
  });
  const setText = (key: TextKey, value: string) => setValues((v) => ({ ...v, texts: { ...v.texts, [key]: value } }));

  const text = ({ key, max, long }: { key: TextKey; max: number; long?: boolean }) => (
    <Field key={key} name={key} label={labels[key]} required max={max} value={values.texts[key]} messages={form.messages(key)}>
      {(control) =>
        long ? (
          <textarea className="textarea" {...control} value={values.texts[key]} onChange={(e) => setText(key, e.target.value)} />
        ) : (
          <input className="input" {...control} value={values.texts[key]} onChange={(e) => setText(key, e.target.value)} />
        )
      }
    </Field>
  );

  return (
    <AdminForm errors={form.errors} onSubmit={() => void form.send(communityBody(values))}>
      <PublishedField
        published={values.published}
        messages={form.messages('published')}
        onChange={(published) => setValues((v) => ({ ...v, published }))}
      />
      {SHORT.map(text)}
      <ImagesField
        label={t.fields.images}
        required
        max={COMMUNITY_IMAGES_MAX}
        errors={form.errors}
        values={values}
        setValues={setValues}
        uploadPath={target.upload}
        intercept={target.onError}
      />
      {HOST.map(text)}
      {ABOUT.map(text)}
      <Field
        name="note"
        label={labels.note}
        required={false}
        max={COMMUNITY_TEXT_MAX}
        value={values.texts.note}
        messages={form.messages('note')}
      >
        {(control) => (
          <textarea className="textarea" {...control} value={values.texts.note} onChange={(e) => setText('note', e.target.value)} />
        )}
      </Field>
      <ApplicationItems items={values.items} onChange={(items) => setValues((v) => ({ ...v, items }))} messages={form.messages} />
      <FormActions form={form} submit={form.submitting ? a.saving : id ? t.updateSubmit : t.createSubmit} cancelHref={target.back} />
    </AdminForm>
  );
}
