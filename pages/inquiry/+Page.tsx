// General contact for guests (/inquiry): name, e-mail and message; the office is notified by mail.
import { navigate } from 'vike/client/router';
import { usePageContext } from 'vike-react/usePageContext';
import { ja } from '#src/i18n/ja';
import { useSchemaForm } from '#src/components/useSchemaForm';
import { INQUIRY_CONTENT_MAX, INQUIRY_NAME_MAX, contactInquirySchema } from '#src/modules/inquiries/inquiries.schemas';
import './inquiry.css';

const t = ja.inquiries;

export default function Page() {
  const { user } = usePageContext();
  const { errors, submitting, submit, err, invalid } = useSchemaForm({
    schema: contactInquirySchema,
    endpoint: '/api/v1/contact_inquiries',
    onSuccess: () => navigate('/inquiry/complete'),
  });
  const required = <span className="field__badge">{ja.common.required}</span>;

  return (
    <section className="page page--narrow inquiry">
      <h1 className="page__title">{t.contactTitle}</h1>
      <p className="muted">{t.contactLead}</p>
      {errors.base && (
        <div className="alert alert--error" role="alert">
          {errors.base.join(' ')}
        </div>
      )}
      <form className="panel form inquiry__form" onSubmit={submit} noValidate>
        <label className="field">
          <span className="field__label">
            {t.name}
            {required}
          </span>
          <input
            className="input"
            name="name"
            autoComplete="name"
            maxLength={INQUIRY_NAME_MAX}
            defaultValue={user?.name ?? ''}
            aria-invalid={invalid('name')}
          />
          {err('name')}
        </label>
        <label className="field">
          <span className="field__label">
            {t.email}
            {required}
          </span>
          <input
            className="input"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={255}
            defaultValue={user?.email ?? ''}
            aria-invalid={invalid('email')}
          />
          {err('email')}
        </label>
        <label className="field">
          <span className="field__label">
            {t.content}
            {required}
          </span>
          <textarea className="textarea" name="content" rows={8} maxLength={INQUIRY_CONTENT_MAX} aria-invalid={invalid('content')} />
          {err('content')}
        </label>
        <button type="submit" className="button button--block inquiry__submit" disabled={submitting}>
          {submitting ? t.submitting : t.submit}
        </button>
      </form>
      <p className="inquiry__aside">
        <a href="/brand_ambassador/inquiry">{t.contactBrandLink} →</a>
      </p>
    </section>
  );
}
