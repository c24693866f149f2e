// /communities/{id}/registrations (the folder name index is not part of the route: https://vike.dev/filesystem-routing); the
// form page lives here so its guard and data do not reach the sibling complete/ page (Vike config inheritance).
// The community application form (guest-and-host.md §2 "Community application", §5). The same schema and
// answer rules as the server check the form first; server errors on answers are listed under the form. Above the
// submit button the form says what the community's brand receives (name, age, occupation, the answers and the
// account's e-mail address, which the brand's staff write to), so the applicant sends it knowing.
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import * as ja from '#src/i18n/ja';
import { ApiError, logonUrl } from '#src/lib/isomorphic/api-client';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { Field, FormErrors, useForm, type Form } from '#src/components/form';
import {
  type CommunityApplicationInput,
  ADDRESS_MAX,
  ANSWER_MAX,
  answerError,
  BIRTH_YEAR_MAX,
  BIRTH_YEAR_MIN,
  FULL_NAME_MAX,
  GENDERS,
  buildBirthday,
  communityApplicationSchema,
  normalizePostalCode,
} from '#src/modules/communities/community-application.schemas';
import type { Data } from './+data';
import './registration.css';

const t = ja.communities;
const YEARS = Array.from({ length: BIRTH_YEAR_MAX - BIRTH_YEAR_MIN + 1 }, (_, i) => BIRTH_YEAR_MAX - i);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

type Community = Data['community'];

/** The body the server takes. Spec §3: the birthday is built from the selectors; year, month and day are not sent. */
function toBody(community: Community, form: FormData): CommunityApplicationInput & { answer_text: Record<number, string> } {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    community_id: community.id,
    occupation_id: text('occupation_id'),
    full_name: text('full_name'),
    gender: (text('gender') || undefined) as CommunityApplicationInput['gender'],
    postal_code: text('postal_code'),
    address: text('address'),
    birthday: buildBirthday(text('year'), text('month'), text('day')),
    answers: community.application_items.map((item) => ({
      community_application_question_id: item.id,
      content: text(`answer_${item.id}`),
    })),
    answer_text: Object.fromEntries(community.application_items.map((item) => [item.id, text(`answer_${item.id}`)])),
  };
}

/** The per-question rules (required, length) under `answer_{id}`, which the schema cannot know. */
function checkAnswers(community: Community, answers: Record<number, string>): FieldMessages {
  const messages: FieldMessages = {};
  for (const item of community.application_items) {
    const error = answerError(item, (answers[item.id] ?? '').trim());
    if (error) messages[`answer_${item.id}`] = [error];
  }
  return messages;
}

export default function Page() {
  const { community } = useData<Data>();
  if (community.applied) return <AlreadyApplied community={community} />;
  return <ApplicationForm />;
}

function AlreadyApplied({ community }: { community: Community }) {
  return (
    <section className="page page--narrow registration">
      <a className="back-link" href={`/communities/${community.id}`}>
        {community.name}
      </a>
      <div className="panel">
        <h1 className="registration__title">{t.applicationTitle}</h1>
        <p>{ja.communities.validation.alreadyApplied}</p>
        <a className="button" href={`/communities/${community.id}`}>
          {t.backToCommunity}
        </a>
      </div>
    </section>
  );
}

function ApplicationForm() {
  const { community, occupations } = useData<Data>();
  const form = useForm({
    schema: communityApplicationSchema,
    toValues: (data) => toBody(community, data),
    check: (values) => checkAnswers(community, values.answer_text),
    body: ({ answer_text: _, ...body }) => body,
    path: '/api/v1/community_applications',
    onSuccess: () => goTo(`/communities/${community.id}/registrations/complete`),
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status !== 401) return false;
      window.location.assign(logonUrl(window.location.pathname));
      return true;
    },
  });
  const serverListed = [...(form.errors.answers ?? []), ...(form.errors.community_id ?? [])];

  return (
    <section className="page page--narrow registration">
      <a className="back-link" href={`/communities/${community.id}`}>
        {community.name}
      </a>
      <h1 className="registration__title">{t.applicationTitle}</h1>
      <p className="muted">{t.applicationLead}</p>

      <FormErrors messages={form.errors} />

      <form className="form registration__form" {...form.formProps}>
        <ProfileSection form={form} occupations={occupations} />
        {community.application_items.length > 0 && <QuestionsSection form={form} items={community.application_items} />}
        <Disclosure withAnswers={community.application_items.length > 0} />

        <button type="submit" className="button button--block registration__submit" {...form.submitProps}>
          {form.submitting ? t.submitting : t.submit}
        </button>

        {serverListed.length > 0 && (
          <div
            className="alert alert--error registration__server-errors"
            role="alert"
            tabIndex={-1}
            data-testid="answer-errors"
            data-form-errors=""
          >
            <p className="registration__server-title">{t.serverErrorsTitle}</p>
            <ul>
              {serverListed.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </form>
    </section>
  );
}

type FormOf = Form<ReturnType<typeof toBody>>;

/** What the brand receives with the application, and how it will reach the applicant (the account's address). */
function Disclosure({ withAnswers }: { withAnswers: boolean }) {
  const d = t.disclosure;
  // The page is for signed-in visitors only (+guard.ts): the address is the account's as it is now.
  const email = usePageContext().user?.email;
  return (
    <section className="panel registration__disclosure" aria-labelledby="application-disclosure-title" data-testid="application-disclosure">
      <h2 id="application-disclosure-title" className="registration__legend">
        {d.heading}
      </h2>
      <p>{d.lead}</p>
      <ul>
        <li>{d.fullName}</li>
        <li>{d.age}</li>
        <li>{d.occupation}</li>
        {withAnswers && <li>{d.answers}</li>}
        <li data-testid="disclosure-email">{email ? d.emailOf(email) : d.email}</li>
      </ul>
      <p>{d.contact}</p>
    </section>
  );
}

function ProfileSection({ form, occupations }: { form: FormOf; occupations: Data['occupations'] }) {
  return (
    <fieldset className="panel registration__group">
      <legend className="registration__legend">{t.profileSection}</legend>

      <Field name="full_name" label={t.fullName} required max={FULL_NAME_MAX} messages={form.messages('full_name')}>
        {(control) => <input className="input" {...control} autoComplete="name" placeholder={t.fullNamePlaceholder} />}
      </Field>

      <Field name="gender" label={t.gender} required group className="registration__radios" messages={form.messages('gender')}>
        {(control) => (
          <div className="registration__choices">
            {GENDERS.map((g) => (
              <label key={g} className="registration__choice">
                <input type="radio" name={control.name} value={g} />
                <span>{t.genders[g]}</span>
              </label>
            ))}
          </div>
        )}
      </Field>

      <Field name="postal_code" label={t.postalCode} required hint={t.postalCodeHint} messages={form.messages('postal_code')}>
        {(control) => (
          <input
            className="input registration__postal"
            {...control}
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="150-0001"
            onBlur={(e) => {
              e.currentTarget.value = normalizePostalCode(e.currentTarget.value);
            }}
          />
        )}
      </Field>

      <Field name="address" label={t.address} required={false} max={ADDRESS_MAX} messages={form.messages('address')}>
        {(control) => <input className="input" {...control} autoComplete="street-address" placeholder={t.addressPlaceholder} />}
      </Field>

      <BirthdayField messages={form.messages('birthday')} />

      <Field name="occupation_id" label={t.occupation} required messages={form.messages('occupation_id')}>
        {(control) => (
          <select className="select" {...control} defaultValue="">
            <option value="">{t.choose}</option>
            {occupations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}

function BirthdayField({ messages }: { messages: string[] | undefined }) {
  const invalid = messages ? true : undefined;
  const parts = [
    { name: 'year', label: t.year, empty: '----', values: YEARS },
    { name: 'month', label: t.month, empty: '--', values: MONTHS },
    { name: 'day', label: t.day, empty: '--', values: DAYS },
  ];
  return (
    <Field name="birthday" label={t.birthday} required group messages={messages}>
      {() => (
        <div className="registration__date">
          {parts.map((part) => (
            <label key={part.name}>
              <select className="select" name={part.name} aria-label={part.label} defaultValue="" aria-invalid={invalid}>
                <option value="">{part.empty}</option>
                {part.values.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
              <span>{part.label}</span>
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}

function QuestionsSection({ form, items }: { form: FormOf; items: Community['application_items'] }) {
  return (
    <fieldset className="panel registration__group">
      <legend className="registration__legend">{t.questionsSection}</legend>
      {items.map((item) => (
        <Field
          key={item.id}
          name={`answer_${item.id}`}
          label={item.name}
          required={item.required}
          max={ANSWER_MAX}
          messages={form.messages(`answer_${item.id}`)}
        >
          {(control) => <textarea className="textarea" {...control} rows={4} />}
        </Field>
      ))}
    </fieldset>
  );
}
