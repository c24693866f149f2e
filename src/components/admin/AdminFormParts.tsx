// The parts every admin edit form has (CommunityForm, PartnerForm; the member invitation shares the actions): the
// panel around a controlled form with its failures on top, the 公開/非公開 switch, the photos, and the submit and
// cancel actions.
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { ImageUploader } from '#src/components/experience-form/ImageUploader';
import { Field, FormErrors, imageListMessages, type BusyControlProps } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import type { FieldMessages } from '#src/lib/isomorphic/errors';

const a = ja.adminPages;

/**
 * A controlled form in its panel: `onSubmit` sends the form's state (no browser validation: the schema checks); the
 * form's failures under its `lead` text, when it has one.
 */
export function AdminForm(props: { errors: FieldMessages; onSubmit: () => void; lead?: string; children: ReactNode }) {
  return (
    <div className="panel">
      <form
        className="admin-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit();
        }}
      >
        {props.lead && <p className="admin-lead">{props.lead}</p>}
        <FormErrors messages={props.errors} />
        {props.children}
      </form>
    </div>
  );
}

/** 公開設定: a switch that says 公開 or 非公開 beside it. */
export function PublishedField(props: { published: boolean; messages: string[] | undefined; onChange: (published: boolean) => void }) {
  return (
    <Field name="published" label={a.publishSetting} required messages={props.messages} hint={a.publishHint}>
      {(control) => (
        <label className="admin-switch">
          <input
            type="checkbox"
            role="switch"
            aria-checked={props.published}
            {...control}
            checked={props.published}
            onChange={(e) => props.onChange(e.target.checked)}
          />
          <span data-testid="published-state">{props.published ? a.published : a.unpublished}</span>
        </label>
      )}
    </Field>
  );
}

/** The submit button (disabled until hydrated, aria-disabled while sending: it keeps focus) and キャンセル back to `cancelHref`. */
export function FormActions(props: { form: { submitProps: BusyControlProps }; submit: string; cancelHref: string }) {
  return (
    <div className="admin-form__actions">
      <button type="submit" className="button" {...props.form.submitProps}>
        {props.submit}
      </button>
      <a href={props.cancelHref} className="button button--ghost">
        {a.cancel}
      </a>
    </div>
  );
}

type FormImage = { object_key: string; url: string; alt?: string | null };

/**
 * The photos (uploaded one by one; functional updates of the form's `images`, since uploads finish in any order), each
 * with its text for people who cannot see it (the host form's rule: one line, optional). The list's messages go under
 * the control, each text's under its field.
 */
export function ImagesField<V extends { images: FormImage[] }>(props: {
  label: string;
  required: boolean;
  max: number;
  /** The form's messages by field (`images`, `images.{n}.url`, `images.{n}.alt`). */
  errors: FieldMessages;
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  /** The upload call (the brand portal's own); the marketplace's by default. */
  uploadPath?: string;
  /** A refused upload handled by the page (the portal's 401 → sign-in). */
  intercept?: (error: unknown) => boolean;
}) {
  const { setValues, errors } = props;
  return (
    <Field label={props.label} required={props.required} messages={imageListMessages(errors)} group>
      {() => (
        <ImageUploader
          images={props.values.images}
          max={props.max}
          uploadPath={props.uploadPath}
          intercept={props.intercept}
          onAdd={(image) => setValues((v) => ({ ...v, images: [...v.images, { ...image, alt: null }] }))}
          onRemove={(index) => setValues((v) => ({ ...v, images: v.images.filter((_, i) => i !== index) }))}
          describe={{
            hint: ja.uploads.partnerImageAltHint,
            messages: (index) => errors[`images.${index}.alt`],
            onChange: (index, alt) =>
              setValues((v) => ({ ...v, images: v.images.map((image, i) => (i === index ? { ...image, alt } : image)) })),
          }}
        />
      )}
    </Field>
  );
}
