// Photos, host (administrators creating for someone), community, and the format (online or in person with the place).
import * as ja from '#src/i18n/ja';
import { Field, imageListMessages } from '#src/components/form';
import { HOST_LIMITS } from '#src/modules/experiences/experience-form.shared';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { HostSearch } from '#src/components/experience-form/HostSearch';
import { ImageUploader } from '#src/components/experience-form/ImageUploader';
import { numberOrNull, type SectionProps } from './section-props';

const t = ja.hostStory;
const f = t.fields;

export function PhotosSection({
  state,
  update,
  messages,
  errors,
}: Pick<SectionProps, 'state' | 'update' | 'messages'> & { errors: FieldMessages }) {
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.photos}</h2>
      <Field label={f.images} required group>
        {() => (
          <ImageUploader
            images={state.images}
            max={HOST_LIMITS.images}
            onAdd={(image) => update((s) => ({ ...s, images: [...s.images, { ...image, alt: null }].slice(0, HOST_LIMITS.images) }))}
            onRemove={(index) => update((s) => ({ ...s, images: s.images.filter((_, i) => i !== index) }))}
            error={imageListMessages(errors)}
            describe={{
              hint: f.imageAltHint,
              messages: (index) => messages(`images.${index}.alt`),
              onChange: (index, alt) =>
                update((s) => ({ ...s, images: s.images.map((image, i) => (i === index ? { ...image, alt } : image)) })),
            }}
          />
        )}
      </Field>
    </section>
  );
}

export function HostSection({ state, set, messages }: Pick<SectionProps, 'state' | 'set' | 'messages'>) {
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.host}</h2>
      <Field label={f.host} required={false} group messages={messages('proxy_user_id')}>
        {() => <HostSearch selected={state.proxy_user} onSelect={(user) => set('proxy_user', user)} />}
      </Field>
    </section>
  );
}

export function CommunitySection({ state, set, messages, choices }: SectionProps) {
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.community}</h2>
      <Field name="community_id" label={f.community} required={false} messages={messages('community_id')}>
        {(control) => (
          <select
            className="select"
            {...control}
            value={state.community_id ?? ''}
            onChange={(e) => set('community_id', numberOrNull(e.target.value))}
          >
            <option value="">{t.noCommunity}</option>
            {choices.communities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </section>
  );
}

export function FormatSection({ state, set, update, messages, choices }: SectionProps) {
  // Spec §4: choosing online empties address and state; choosing in-person clears online_url.
  const chooseOnline = (online: boolean) =>
    update((s) => (online ? { ...s, online, address: '', state: '' } : { ...s, online, online_url: '' }));
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.format}</h2>
      <Field name="online" label={f.online} required group messages={messages('online')}>
        {(control) => (
          <div className="choice-row">
            <label className="check check--chip">
              <input type="radio" name={control.name} checked={state.online === true} onChange={() => chooseOnline(true)} />
              <span>{f.onlineChoice}</span>
            </label>
            <label className="check check--chip">
              <input type="radio" name={control.name} checked={state.online === false} onChange={() => chooseOnline(false)} />
              <span>{f.offlineChoice}</span>
            </label>
          </div>
        )}
      </Field>
      {state.online === true && (
        <Field
          name="online_url"
          label={f.onlineUrl}
          required
          max={HOST_LIMITS.onlineUrl}
          value={state.online_url}
          messages={messages('online_url')}
        >
          {(control) => (
            <input
              className="input"
              {...control}
              type="url"
              inputMode="url"
              value={state.online_url}
              onChange={(e) => set('online_url', e.target.value)}
            />
          )}
        </Field>
      )}
      {state.online === false && (
        <>
          <Field name="state" label={f.state} required messages={messages('state')}>
            {(control) => (
              <select className="select" {...control} value={state.state} onChange={(e) => set('state', e.target.value)}>
                <option value="">{t.choose}</option>
                {choices.prefectures.map((p) => (
                  <option key={p.id} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="address" label={f.address} required max={HOST_LIMITS.address} value={state.address} messages={messages('address')}>
            {(control) => <input className="input" {...control} value={state.address} onChange={(e) => set('address', e.target.value)} />}
          </Field>
          <label className="check">
            <input
              type="checkbox"
              name="address_displayable"
              checked={state.address_displayable}
              onChange={(e) => set('address_displayable', e.target.checked)}
            />
            <span>{f.addressDisplayable}</span>
          </label>
        </>
      )}
    </section>
  );
}
