// The program inquiry form (guest-and-host.md §2 "Inquiry form"): seven required fields, the four subjects with
// their descriptions, a note that a completion mail is sent; on success the completion page.
import { navigate } from 'vike/client/router';
import { ja } from '#src/i18n/ja';
import { useSchemaForm } from '#src/components/useSchemaForm';
import {
  INQUIRY_CONTENT_MAX,
  INQUIRY_NAME_MAX,
  INQUIRY_SUBJECTS,
  INQUIRY_TEXT_MAX,
  brandInquirySchema,
} from '#src/modules/inquiries/inquiries.schemas';
import '#pages/inquiry/inquiry.css';

const t = ja.inquiries;

export default function Page() {
  const { errors, submitting, submit, err, invalid } = useSchemaForm({
    schema: brandInquirySchema,
    endpoint: '/api/v1/brand_and_ambassador_inquiries',
    onSuccess: () => navigate('/brand_ambassador/inquiry/complete'),
  });
  const required = <span className="field__badge">{ja.common.required}</span>;
  const text = (name: string, label: string, max: number, autoComplete?: string) => (
    <label className="field">
      <span className="field__label">
        {label}
        {required}
      </span>
      <input className="input" name={name} maxLength={max} autoComplete={autoComplete} aria-invalid={invalid(name)} />
      {err(name)}
    </label>
  );

  return (
    <section className="page page--narrow inquiry">
      <a className="back-link" href="/brand_ambassador">
        {ja.brandAmbassador.title}
      </a>
      <h1 className="page__title">{t.brandTitle}</h1>
      <p className="muted">{t.brandLead}</p>
      {errors.base && (
        <div className="alert alert--error" role="alert">
          {errors.base.join(' ')}
        </div>
      )}
      <form className="panel form inquiry__form" onSubmit={submit} noValidate>
        {text('name', t.name, INQUIRY_NAME_MAX, 'name')}
        {text('company_name', t.companyName, INQUIRY_TEXT_MAX, 'organization')}
        <div className="inquiry__row">
          {text('department_name', t.departmentName, INQUIRY_TEXT_MAX)}
          {text('position_name', t.positionName, INQUIRY_TEXT_MAX, 'organization-title')}
        </div>
        <label className="field">
          <span className="field__label">
            {t.email}
            {required}
          </span>
          <input className="input" name="email" type="email" autoComplete="email" maxLength={255} aria-invalid={invalid('email')} />
          {err('email')}
        </label>
        <fieldset className="field inquiry__subjects" aria-invalid={invalid('subject')}>
          <legend className="field__label">
            {t.subject}
            {required}
          </legend>
          <div className="inquiry__options">
            {INQUIRY_SUBJECTS.map((subject) => (
              <label key={subject} className="inquiry__option">
                <input type="radio" name="subject" value={subject} />
                <span>
                  <strong>{t.subjects[subject].label}</strong>
                  <small>{t.subjects[subject].description}</small>
                </span>
              </label>
            ))}
          </div>
          {err('subject')}
        </fieldset>
        <label className="field">
          <span className="field__label">
            {t.content}
            {required}
          </span>
          <textarea className="textarea" name="content" rows={7} maxLength={INQUIRY_CONTENT_MAX} aria-invalid={invalid('content')} />
          {err('content')}
        </label>
        <p className="inquiry__note">{t.mailNote}</p>
        <button type="submit" className="button button--block inquiry__submit" disabled={submitting}>
          {submitting ? t.submitting : t.submit}
        </button>
      </form>
    </section>
  );
}
