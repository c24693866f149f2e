// The host experience form (spec guest-and-host.md §2 "Host experience form", §4, §5): create, create from a
// draft, edit. Validates with the same zod schemas as the server before sending; the server decides in the end.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { navigate } from 'vike/client/router';
import { ja } from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/api-client';
import type { FieldMessages } from '#src/lib/errors';
import { fieldMessages } from '#src/lib/validate';
import {
  CANCELLATION_PERIOD_CHOICES,
  HOST_LIMITS,
  RESERVATION_DEADLINE_CHOICES,
  calendarDateIssue,
  draftSchema,
  experienceSchema,
  isIncompleteOption,
  type FormChoices,
  type ReservationDeadline,
} from '#src/modules/experiences/experiences.host.schemas';
import { CalendarEditor } from './CalendarEditor';
import { HostSearch } from './HostSearch';
import { ImageUploader } from './ImageUploader';
import { OptionsEditor } from './OptionsEditor';
import { cleanPriceInput, toPayload, type FormState } from './form-state';
import './experience-form.css';

const t = ja.hostStory;
const f = t.fields;

export type FormMode = 'new' | 'draft' | 'edit';

interface Props {
  mode: FormMode;
  initial: FormState;
  draftId: number | null;
  experienceId: number | null;
  choices: FormChoices;
  isAdmin: boolean;
  today: string;
}

function Label({ children, required }: { children: ReactNode; required?: boolean }) {
  return (
    <span className="field__label">
      {children}
      <span className={required ? 'field__badge' : 'field__badge field__badge--optional'}>
        {required ? ja.common.required : ja.common.optional}
      </span>
    </span>
  );
}

export function ExperienceForm({ mode, initial, draftId, experienceId, choices, isAdmin, today }: Props) {
  const [state, setState] = useState<FormState>(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [priceError, setPriceError] = useState('');
  const [busy, setBusy] = useState<'' | 'submit' | 'draft'>('');
  const summary = useRef<HTMLDivElement>(null);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((s) => ({ ...s, [key]: value }));
  const err = (field: string) =>
    errors[field]?.map((message) => (
      <p key={message} className="field__error">
        {message}
      </p>
    ));
  const invalid = (field: string) => (errors[field]?.length ? true : undefined);

  function showErrors(messages: FieldMessages) {
    setErrors(messages);
    requestAnimationFrame(() => summary.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  }

  // Spec §4: choosing online empties address and state; choosing in-person clears online_url.
  function chooseOnline(online: boolean) {
    setState((s) => (online ? { ...s, online, address: '', state: '' } : { ...s, online, online_url: '' }));
  }

  function setRecruitment(value: number) {
    // The minimum count's choices derive from the recruitment number: a larger minimum comes down with it.
    setState((s) => ({
      ...s,
      recruitment_number: value,
      minimum_number_of_participant_count:
        s.minimum_number_of_participant_count !== null && s.minimum_number_of_participant_count > value
          ? value
          : s.minimum_number_of_participant_count,
    }));
  }

  function setPrice(raw: string) {
    const { value, invalid: bad } = cleanPriceInput(raw);
    setPriceError(bad ? ja.validation.numbersOnly : '');
    set('price', value);
  }

  function toggleTheme(id: number) {
    setState((s) => ({
      ...s,
      themes: s.themes.includes(id)
        ? s.themes.filter((x) => x !== id)
        : s.themes.length >= HOST_LIMITS.themes
          ? s.themes
          : [...s.themes, id],
    }));
  }

  async function requestPublication(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    // Spec §5: an incomplete option blocks with an alert and an inline error; no calendar entry, with an alert.
    if (state.options.some(isIncompleteOption)) {
      window.alert(t.alertOptions);
      showErrors({ options: [t.errors.optionsInvalid] });
      return;
    }
    if (state.calendars.length + state.recurrence_rules.length === 0) {
      window.alert(t.alertCalendar);
      showErrors({ calendars: [t.errors.calendarsRequired] });
      return;
    }
    const payload = toPayload(state, mode === 'draft' ? { experience_draft_id: draftId } : {});
    const parsed = experienceSchema.safeParse(payload);
    const messages: FieldMessages = parsed.success ? {} : fieldMessages(parsed.error);
    state.calendars.forEach((slot, index) => {
      const issue = slot.id === null ? calendarDateIssue(slot.date, today) : null;
      if (issue) (messages[`calendars.${index}.date`] ??= []).push(issue);
    });
    if (Object.keys(messages).length > 0) {
      showErrors(messages);
      return;
    }
    setBusy('submit');
    setErrors({});
    try {
      if (mode === 'edit') {
        await api(`/api/v1/experiences/${experienceId}`, { method: 'PUT', body: payload });
        await navigate('/host/story?tab=experiences');
      } else {
        await api('/api/v1/experiences', { method: 'POST', body: payload });
        await navigate('/host_story/complete');
      }
    } catch (error) {
      window.alert(t.alertApplyFailed);
      showErrors(
        error instanceof ApiError
          ? Object.keys(error.messages).length
            ? error.messages
            : { base: [error.message] }
          : { base: [ja.common.unexpectedError] },
      );
      setBusy('');
    }
  }

  async function saveDraft() {
    if (busy) return;
    const payload = toPayload(state);
    const parsed = draftSchema.safeParse(payload);
    if (!parsed.success) {
      showErrors(fieldMessages(parsed.error));
      return;
    }
    setBusy('draft');
    setErrors({});
    try {
      if (draftId) await api(`/api/v1/experience_drafts/${draftId}`, { method: 'PUT', body: payload });
      else await api('/api/v1/experience_drafts', { method: 'POST', body: payload });
      await navigate('/host/story');
    } catch (error) {
      showErrors(
        error instanceof ApiError
          ? Object.keys(error.messages).length
            ? error.messages
            : { base: [error.message] }
          : { base: [ja.common.unexpectedError] },
      );
      setBusy('');
    }
  }

  const allMessages = [...new Set(Object.values(errors).flat())];
  const calendarErrors = Object.entries(errors)
    .filter(([key]) => key === 'calendars' || key.startsWith('calendars.') || key.startsWith('recurrence_rules'))
    .flatMap(([, list]) => list);
  const optionErrors = Object.fromEntries(Object.entries(errors).filter(([key]) => key === 'options' || key.startsWith('options.')));
  const recruitmentMax = Math.max(HOST_LIMITS.recruitmentMax, state.recruitment_number);

  return (
    <form className="experience-form" onSubmit={requestPublication} noValidate>
      <div ref={summary}>
        {allMessages.length > 0 && (
          <div className="alert alert--error" role="alert" data-testid="form-errors">
            <ul>
              {allMessages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <section className="panel form-section">
        <h2 className="form-section__title">{t.sections.photos}</h2>
        <div className="field">
          <Label required>{f.images}</Label>
          <ImageUploader
            images={state.images}
            max={HOST_LIMITS.images}
            onAdd={(image) => setState((s) => ({ ...s, images: [...s.images, image].slice(0, HOST_LIMITS.images) }))}
            onRemove={(index) => setState((s) => ({ ...s, images: s.images.filter((_, i) => i !== index) }))}
            error={Object.entries(errors)
              .filter(([key]) => key.startsWith('images'))
              .flatMap(([, list]) => list)}
          />
        </div>
      </section>

      {isAdmin && mode !== 'edit' && (
        <section className="panel form-section">
          <h2 className="form-section__title">{t.sections.host}</h2>
          <div className="field">
            <Label>{f.host}</Label>
            <HostSearch selected={state.proxy_user} onSelect={(user) => set('proxy_user', user)} />
            {err('proxy_user_id')}
          </div>
        </section>
      )}

      {choices.communities.length > 0 && (
        <section className="panel form-section">
          <h2 className="form-section__title">{t.sections.community}</h2>
          <label className="field">
            <Label>{f.community}</Label>
            <select
              className="select"
              name="community_id"
              value={state.community_id ?? ''}
              onChange={(e) => set('community_id', e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t.noCommunity}</option>
              {choices.communities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {err('community_id')}
          </label>
        </section>
      )}

      <section className="panel form-section">
        <h2 className="form-section__title">{t.sections.format}</h2>
        <fieldset className="field">
          <legend className="visually-hidden">{f.online}</legend>
          <Label required>{f.online}</Label>
          <div className="choice-row">
            <label className="check check--chip">
              <input type="radio" name="online" checked={state.online === true} onChange={() => chooseOnline(true)} />
              <span>{f.onlineChoice}</span>
            </label>
            <label className="check check--chip">
              <input type="radio" name="online" checked={state.online === false} onChange={() => chooseOnline(false)} />
              <span>{f.offlineChoice}</span>
            </label>
          </div>
          {err('online')}
        </fieldset>
        {state.online === true && (
          <label className="field">
            <Label required>{f.onlineUrl}</Label>
            <input
              className="input"
              name="online_url"
              type="url"
              inputMode="url"
              maxLength={HOST_LIMITS.onlineUrl}
              value={state.online_url}
              aria-invalid={invalid('online_url')}
              onChange={(e) => set('online_url', e.target.value)}
            />
            {err('online_url')}
          </label>
        )}
        {state.online === false && (
          <>
            <label className="field">
              <Label required>{f.state}</Label>
              <select
                className="select"
                name="state"
                value={state.state}
                aria-invalid={invalid('state')}
                onChange={(e) => set('state', e.target.value)}
              >
                <option value="">{t.choose}</option>
                {choices.prefectures.map((p) => (
                  <option key={p.id} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
              {err('state')}
            </label>
            <label className="field">
              <Label required>{f.address}</Label>
              <input
                className="input"
                name="address"
                maxLength={HOST_LIMITS.address}
                value={state.address}
                aria-invalid={invalid('address')}
                onChange={(e) => set('address', e.target.value)}
              />
              {err('address')}
            </label>
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

      <section className="panel form-section">
        <h2 className="form-section__title">{t.sections.basics}</h2>
        <label className="field">
          <Label required>{f.title}</Label>
          <input
            className="input"
            name="title"
            maxLength={HOST_LIMITS.title}
            value={state.title}
            aria-invalid={invalid('title')}
            onChange={(e) => set('title', e.target.value)}
          />
          <span className="field__hint">
            {state.title.length}/{HOST_LIMITS.title}
          </span>
          {err('title')}
        </label>
        <label className="field">
          <Label required>{f.category}</Label>
          <select
            className="select"
            name="category_id"
            value={state.category_id ?? ''}
            aria-invalid={invalid('category_id')}
            onChange={(e) => set('category_id', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t.choose}</option>
            {choices.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {err('category_id')}
        </label>
        <fieldset className="field">
          <legend className="visually-hidden">{f.themes}</legend>
          <Label required>{f.themes}</Label>
          <span className="field__hint">{f.themesHint}</span>
          <div className="choice-row choice-row--wrap">
            {choices.themes.map((theme) => {
              const checked = state.themes.includes(theme.id);
              return (
                <label key={theme.id} className="check check--chip">
                  <input
                    type="checkbox"
                    name="themes"
                    value={theme.id}
                    checked={checked}
                    disabled={!checked && state.themes.length >= HOST_LIMITS.themes}
                    onChange={() => toggleTheme(theme.id)}
                  />
                  <span>{theme.name}</span>
                </label>
              );
            })}
          </div>
          {err('themes')}
        </fieldset>
      </section>

      <section className="panel form-section">
        <h2 className="form-section__title">{t.sections.price}</h2>
        <label className="field">
          <Label required>{f.price}</Label>
          <span className="price-input">
            <input
              className="input"
              name="price"
              inputMode="numeric"
              value={state.price}
              aria-invalid={invalid('price') || !!priceError}
              onChange={(e) => setPrice(e.target.value)}
            />
            <span>{t.yenSuffix}</span>
          </span>
          {priceError && <p className="field__error">{priceError}</p>}
          {err('price')}
        </label>
        <label className="field">
          <Label required>{f.priceSideNote}</Label>
          <textarea
            className="textarea textarea--short"
            name="price_side_note"
            maxLength={HOST_LIMITS.priceSideNote}
            value={state.price_side_note}
            aria-invalid={invalid('price_side_note')}
            onChange={(e) => set('price_side_note', e.target.value)}
          />
          {err('price_side_note')}
        </label>
      </section>

      <section className="panel form-section">
        <h2 className="form-section__title">{t.sections.content}</h2>
        {(['description', 'inspiration', 'note'] as const).map((key) => (
          <label key={key} className="field">
            <Label required>{f[key]}</Label>
            <textarea
              className="textarea"
              name={key}
              maxLength={HOST_LIMITS[key]}
              value={state[key]}
              aria-invalid={invalid(key)}
              onChange={(e) => set(key, e.target.value)}
            />
            {err(key)}
          </label>
        ))}
      </section>

      <section className="panel form-section">
        <h2 className="form-section__title">{t.sections.participants}</h2>
        <label className="field">
          <Label required>{f.recruitmentNumber}</Label>
          <select
            className="select select--narrow"
            name="recruitment_number"
            value={state.recruitment_number}
            onChange={(e) => setRecruitment(Number(e.target.value))}
          >
            {Array.from({ length: recruitmentMax }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
                {t.peopleSuffix}
              </option>
            ))}
          </select>
          {err('recruitment_number')}
        </label>
        <div className="field">
          <Label required>{f.minimum}</Label>
          <label className="check">
            <input
              type="checkbox"
              name="set_minimum"
              checked={state.set_minimum_number_of_participant_count}
              // Spec §4: unselecting the minimum clears its value.
              onChange={(e) =>
                setState((s) => ({
                  ...s,
                  set_minimum_number_of_participant_count: e.target.checked,
                  minimum_number_of_participant_count: e.target.checked ? s.minimum_number_of_participant_count : null,
                }))
              }
            />
            <span>{f.minimumToggle}</span>
          </label>
          {state.set_minimum_number_of_participant_count && (
            <select
              className="select select--narrow"
              name="minimum_number_of_participant_count"
              aria-label={f.minimum}
              value={state.minimum_number_of_participant_count ?? ''}
              aria-invalid={invalid('minimum_number_of_participant_count')}
              onChange={(e) => set('minimum_number_of_participant_count', e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t.choose}</option>
              {Array.from({ length: state.recruitment_number }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                  {t.peopleSuffix}
                </option>
              ))}
            </select>
          )}
          {err('set_minimum_number_of_participant_count')}
          {err('minimum_number_of_participant_count')}
        </div>
        <label className="field">
          <Label required>{f.reservationDeadline}</Label>
          <select
            className="select select--narrow"
            name="reservation_deadline"
            value={state.reservation_deadline}
            aria-invalid={invalid('reservation_deadline')}
            onChange={(e) => set('reservation_deadline', e.target.value as ReservationDeadline | '')}
          >
            {RESERVATION_DEADLINE_CHOICES.map((d) => (
              <option key={d} value={d}>
                {t.deadlines[d]}
              </option>
            ))}
          </select>
          {err('reservation_deadline')}
        </label>
        <label className="field">
          <Label>{f.reservationNotice}</Label>
          <textarea
            className="textarea textarea--short"
            name="reservation_notice"
            maxLength={HOST_LIMITS.reservationNotice}
            value={state.reservation_notice}
            onChange={(e) => set('reservation_notice', e.target.value)}
          />
          {err('reservation_notice')}
        </label>
      </section>

      <section className="panel form-section">
        <h2 className="form-section__title">{t.sections.cancellation}</h2>
        <label className="field">
          <Label required>{f.cancellationPeriod}</Label>
          <select
            className="select"
            name="cancellation_period"
            value={state.cancellation_period ?? ''}
            aria-invalid={invalid('cancellation_period')}
            onChange={(e) => set('cancellation_period', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">{t.choose}</option>
            {CANCELLATION_PERIOD_CHOICES.map((days) => (
              <option key={days} value={days}>
                {t.cancellationPeriods[days]}
              </option>
            ))}
          </select>
          {err('cancellation_period')}
        </label>
      </section>

      <section className="panel form-section">
        <h2 className="form-section__title">
          {t.sections.options}
          <span className="field__badge field__badge--optional">{ja.common.optional}</span>
        </h2>
        <OptionsEditor
          options={state.options}
          onChange={(update) => setState((s) => ({ ...s, options: update(s.options) }))}
          errors={optionErrors}
        />
      </section>

      <section className="panel form-section">
        <h2 className="form-section__title">
          {t.sections.calendar}
          <span className="field__badge">{ja.common.required}</span>
        </h2>
        <CalendarEditor
          calendars={state.calendars}
          rules={state.recurrence_rules}
          today={today}
          onChange={(update) => setState((s) => ({ ...s, ...update({ calendars: s.calendars, recurrence_rules: s.recurrence_rules }) }))}
          errors={[...new Set(calendarErrors)]}
        />
      </section>

      <div className="experience-form__actions">
        <button type="submit" className="button experience-form__submit" disabled={!!busy}>
          {busy === 'submit' ? t.saving : mode === 'edit' ? t.submitUpdate : t.submitRequest}
        </button>
        {mode !== 'edit' && (
          <button type="button" className="button button--ghost" disabled={!!busy} onClick={saveDraft}>
            {busy === 'draft' ? t.saving : t.saveDraft}
          </button>
        )}
      </div>
    </form>
  );
}
