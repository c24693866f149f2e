// General contact for guests (/inquiry): name, e-mail and message; the office is notified by mail.
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { Field, FormErrors, useForm } from '#src/components/form';
import { INQUIRY_CONTENT_MAX, INQUIRY_NAME_MAX, contactInquirySchema } from '#src/modules/inquiries/inquiries.schemas';
import './inquiry.css';

const t = ja.inquiries;

export default function Page() {
  const { user } = usePageContext();
  const form = useForm({
    schema: contactInquirySchema,
    path: '/api/v1/contact_inquiries',
    onSuccess: () => goTo('/inquiry/complete'),
  });

  return (
    <section className="page page--narrow inquiry">
      <h1 className="page__title">{t.contactTitle}</h1>
      <p className="muted">{t.contactLead}</p>
      <FormErrors messages={form.errors} />
      <form className="panel form inquiry__form" {...form.formProps}>
        <Field name="name" label={t.name} required max={INQUIRY_NAME_MAX} defaultValue={user?.name ?? ''} messages={form.messages('name')}>
          {(control) => <input className="input" {...control} autoComplete="name" defaultValue={user?.name ?? ''} />}
        </Field>
        <Field name="email" label={t.email} required messages={form.messages('email')}>
          {(control) => <input className="input" {...control} type="email" autoComplete="email" defaultValue={user?.email ?? ''} />}
        </Field>
        <Field
          name="reservation_number"
          label={t.reservationNumber}
          hint={t.reservationNumberHint}
          messages={form.messages('reservation_number')}
        >
          {(control) => <input className="input" {...control} inputMode="numeric" autoComplete="off" />}
        </Field>
        <Field name="content" label={t.content} required max={INQUIRY_CONTENT_MAX} messages={form.messages('content')}>
          {(control) => <textarea className="textarea" {...control} rows={8} />}
        </Field>
        <button type="submit" className="button button--block inquiry__submit" {...form.submitProps}>
          {form.submitting ? t.submitting : t.submit}
        </button>
      </form>
      <p className="inquiry__aside">
        <a href="/brand_ambassador/inquiry">{t.contactBrandLink} →</a>
      </p>
    </section>
  );
}
