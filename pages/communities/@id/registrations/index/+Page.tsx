// /communities/{id}/registrations (the folder name index is not part of the route: https://vike.dev/filesystem-routing); the
// form page lives here so its guard and data do not reach the sibling complete/ page (Vike config inheritance).
// The community application form (guest-and-host.md §2 "Community application", §5). The same schema and
// answer rules as the server check the form first; server errors on answers are listed under the form.
import { useState, type FormEvent } from 'react';
import { navigate } from 'vike/client/router';
import { useData } from 'vike-react/useData';
import { ja } from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/api-client';
import type { FieldMessages } from '#src/lib/errors';
import { fieldMessages } from '#src/lib/validate';
import {
  ANSWER_MAX,
  answerError,
  BIRTH_YEAR_MAX,
  BIRTH_YEAR_MIN,
  FULL_NAME_MAX,
  GENDERS,
  buildBirthday,
  communityApplicationSchema,
  toHalfWidthDigits,
} from '#src/modules/communities/communities.schemas';
import type { Data } from './+data';
import './registration.css';

const t = ja.communities;
const YEARS = Array.from({ length: BIRTH_YEAR_MAX - BIRTH_YEAR_MIN + 1 }, (_, i) => BIRTH_YEAR_MAX - i);
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

export default function Page() {
  const { community, occupations } = useData<Data>();
  const [errors, setErrors] = useState<FieldMessages>({});
  const [answerErrors, setAnswerErrors] = useState<Record<number, string>>({});
  const [submitting, setSubmitting] = useState(false);

  if (community.applied) {
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    // Spec §3: the birthday is built from the selectors; year, month and day are not sent.
    const body = {
      community_id: community.id,
      occupation_id: text('occupation_id'),
      full_name: text('full_name'),
      gender: text('gender') || undefined,
      postal_code: text('postal_code'),
      address: text('address'),
      birthday: buildBirthday(text('year'), text('month'), text('day')),
      answers: community.application_items.map((item) => ({
        community_application_question_id: item.id,
        content: text(`answer_${item.id}`),
      })),
    };
    const parsed = communityApplicationSchema.safeParse(body);
    const local: FieldMessages = parsed.success ? {} : fieldMessages(parsed.error);
    const perItem: Record<number, string> = {};
    for (const item of community.application_items) {
      const error = answerError(item, text(`answer_${item.id}`).trim());
      if (error) perItem[item.id] = error;
    }
    setAnswerErrors(perItem);
    if (Object.keys(local).length > 0 || Object.keys(perItem).length > 0) {
      setErrors(local);
      focusFirstError();
      return;
    }
    setSubmitting(true);
    setErrors({});
    try {
      await api('/api/v1/community_applications', { method: 'POST', body });
      await navigate(`/communities/${community.id}/registrations/complete`);
    } catch (error) {
      setSubmitting(false);
      if (error instanceof ApiError && error.status === 401) {
        window.location.assign(`/logon?redirect=${encodeURIComponent(window.location.pathname)}`);
        return;
      }
      setErrors(
        error instanceof ApiError
          ? Object.keys(error.messages).length
            ? error.messages
            : { base: [error.message] }
          : { base: [ja.common.unexpectedError] },
      );
      focusFirstError();
    }
  }

  function focusFirstError() {
    requestAnimationFrame(() => {
      const target = document.querySelector<HTMLElement>('.registration [aria-invalid="true"], .registration .alert');
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      if (target && 'focus' in target) target.focus({ preventScroll: true });
    });
  }

  const err = (field: string) =>
    errors[field]?.length ? (
      <p className="field__error" id={`${field}-error`}>
        {errors[field][0]}
      </p>
    ) : null;
  const invalid = (field: string) => (errors[field]?.length ? true : undefined);
  const required = <span className="field__badge">{ja.common.required}</span>;
  const optional = <span className="field__badge field__badge--optional">{ja.common.optional}</span>;
  const serverListed = [...(errors.answers ?? []), ...(errors.community_id ?? [])];

  return (
    <section className="page page--narrow registration">
      <a className="back-link" href={`/communities/${community.id}`}>
        {community.name}
      </a>
      <h1 className="registration__title">{t.applicationTitle}</h1>
      <p className="muted">{t.applicationLead}</p>

      {errors.base && (
        <div className="alert alert--error" role="alert" tabIndex={-1}>
          {errors.base.join(' ')}
        </div>
      )}

      <form className="form registration__form" onSubmit={submit} noValidate>
        <fieldset className="panel registration__group">
          <legend className="registration__legend">{t.profileSection}</legend>

          <label className="field">
            <span className="field__label">
              {t.fullName}
              {required}
            </span>
            <input
              className="input"
              name="full_name"
              autoComplete="name"
              maxLength={FULL_NAME_MAX}
              placeholder={t.fullNamePlaceholder}
              aria-invalid={invalid('full_name')}
              aria-describedby={errors.full_name ? 'full_name-error' : undefined}
            />
            {err('full_name')}
          </label>

          <fieldset className="field registration__radios" aria-invalid={invalid('gender')}>
            <legend className="field__label">
              {t.gender}
              {required}
            </legend>
            <div className="registration__choices">
              {GENDERS.map((g) => (
                <label key={g} className="registration__choice">
                  <input type="radio" name="gender" value={g} />
                  <span>{t.genders[g]}</span>
                </label>
              ))}
            </div>
            {err('gender')}
          </fieldset>

          <label className="field">
            <span className="field__label">
              {t.postalCode}
              {required}
            </span>
            <input
              className="input registration__postal"
              name="postal_code"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={7}
              placeholder="1500001"
              aria-invalid={invalid('postal_code')}
              aria-describedby="postal_code-hint"
              onBlur={(e) => (e.currentTarget.value = toHalfWidthDigits(e.currentTarget.value.trim()))}
            />
            <span className="field__hint" id="postal_code-hint">
              {t.postalCodeHint}
            </span>
            {err('postal_code')}
          </label>

          <label className="field">
            <span className="field__label">
              {t.address}
              {optional}
            </span>
            <input
              className="input"
              name="address"
              autoComplete="street-address"
              maxLength={255}
              placeholder={t.addressPlaceholder}
              aria-invalid={invalid('address')}
            />
            {err('address')}
          </label>

          <fieldset className="field" aria-invalid={invalid('birthday')}>
            <legend className="field__label">
              {t.birthday}
              {required}
            </legend>
            <div className="registration__date">
              <label>
                <select className="select" name="year" aria-label={t.year} defaultValue="" aria-invalid={invalid('birthday')}>
                  <option value="">----</option>
                  {YEARS.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </select>
                <span>{t.year}</span>
              </label>
              <label>
                <select className="select" name="month" aria-label={t.month} defaultValue="" aria-invalid={invalid('birthday')}>
                  <option value="">--</option>
                  {MONTHS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </select>
                <span>{t.month}</span>
              </label>
              <label>
                <select className="select" name="day" aria-label={t.day} defaultValue="" aria-invalid={invalid('birthday')}>
                  <option value="">--</option>
                  {DAYS.map((d) => (
                    <option key={d} value={d}>
                      {d}
                    </option>
                  ))}
                </select>
                <span>{t.day}</span>
              </label>
            </div>
            {err('birthday')}
          </fieldset>

          <label className="field">
            <span className="field__label">
              {t.occupation}
              {required}
            </span>
            <select className="select" name="occupation_id" defaultValue="" aria-invalid={invalid('occupation_id')}>
              <option value="">{t.choose}</option>
              {occupations.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            {err('occupation_id')}
          </label>
        </fieldset>

        {community.application_items.length > 0 && (
          <fieldset className="panel registration__group">
            <legend className="registration__legend">{t.questionsSection}</legend>
            {community.application_items.map((item) => (
              <label className="field" key={item.id}>
                <span className="field__label">
                  {item.name}
                  {item.required ? required : optional}
                </span>
                <textarea
                  className="textarea"
                  name={`answer_${item.id}`}
                  maxLength={ANSWER_MAX}
                  rows={4}
                  aria-invalid={answerErrors[item.id] ? true : undefined}
                />
                {answerErrors[item.id] && <p className="field__error">{answerErrors[item.id]}</p>}
              </label>
            ))}
          </fieldset>
        )}

        <button type="submit" className="button button--block registration__submit" disabled={submitting}>
          {submitting ? t.submitting : t.submit}
        </button>

        {serverListed.length > 0 && (
          <div className="alert alert--error registration__server-errors" role="alert" tabIndex={-1} data-testid="answer-errors">
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
