// The program inquiry form (guest-and-host.md §2 "Inquiry form"): seven required fields, the four subjects with
// their descriptions, a note that a completion mail is sent; on success the completion page.
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import * as ja from '#src/i18n/ja';
import { Field, FormErrors, useForm } from '#src/components/form';
import { INQUIRY_CONTENT_MAX, INQUIRY_NAME_MAX, INQUIRY_TEXT_MAX, brandInquirySchema } from '#src/modules/inquiries/inquiries.schemas';
import { INQUIRY_SUBJECTS } from '#src/modules/inquiries/inquiries.shared';
import '#pages/inquiry/inquiry.css';

const t = ja.inquiries;

function TextField({
  messages,
  name,
  label,
  max,
  autoComplete,
}: {
  messages: string[] | undefined;
  name: string;
  label: string;
  max: number;
  autoComplete?: string;
}) {
  return (
    <Field name={name} label={label} required max={max} messages={messages}>
      {(control) => <input className="input" {...control} autoComplete={autoComplete} />}
    </Field>
  );
}

export default function Page() {
  const form = useForm({
    schema: brandInquirySchema,
    path: '/api/v1/brand_and_ambassador_inquiries',
    onSuccess: () => goTo('/brand_ambassador/inquiry/complete'),
  });

  return (
    <section className="page page--narrow inquiry">
      <a className="back-link" href="/brand_ambassador">
        {ja.brandAmbassador.title}
      </a>
      <h1 className="page__title">{t.brandTitle}</h1>
      <p className="muted">{t.brandLead}</p>
      <FormErrors messages={form.errors} />
      <form className="panel form inquiry__form" {...form.formProps}>
        <TextField messages={form.messages('name')} name="name" label={t.name} max={INQUIRY_NAME_MAX} autoComplete="name" />
        <TextField
          messages={form.messages('company_name')}
          name="company_name"
          label={t.companyName}
          max={INQUIRY_TEXT_MAX}
          autoComplete="organization"
        />
        <div className="inquiry__row">
          <TextField messages={form.messages('department_name')} name="department_name" label={t.departmentName} max={INQUIRY_TEXT_MAX} />
          <TextField
            messages={form.messages('position_name')}
            name="position_name"
            label={t.positionName}
            max={INQUIRY_TEXT_MAX}
            autoComplete="organization-title"
          />
        </div>
        <Field name="email" label={t.email} required messages={form.messages('email')}>
          {(control) => <input className="input" {...control} type="email" autoComplete="email" />}
        </Field>
        <Field name="subject" label={t.subject} required group className="inquiry__subjects" messages={form.messages('subject')}>
          {(control) => (
            <div className="inquiry__options">
              {INQUIRY_SUBJECTS.map((subject) => (
                <label key={subject} className="inquiry__option">
                  <input type="radio" name={control.name} value={subject} />
                  <span>
                    <strong>{t.subjects[subject].label}</strong>
                    <small>{t.subjects[subject].description}</small>
                  </span>
                </label>
              ))}
            </div>
          )}
        </Field>
        <Field name="content" label={t.content} required max={INQUIRY_CONTENT_MAX} messages={form.messages('content')}>
          {(control) => <textarea className="textarea" {...control} rows={7} />}
        </Field>
        <p className="inquiry__note">{t.mailNote}</p>
        <button type="submit" className="button button--block inquiry__submit" {...form.submitProps}>
          {form.submitting ? t.submitting : t.submit}
        </button>
      </form>
    </section>
  );
}
