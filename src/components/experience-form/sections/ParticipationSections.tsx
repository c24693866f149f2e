// Recruitment number, minimum participants, reservation deadline and notice; the cancellation period.
import { useMemo } from 'react';
import * as ja from '#src/i18n/ja';
import { Field } from '#src/components/form';
import {
  CANCELLATION_PERIOD_CHOICES,
  HOST_LIMITS,
  RESERVATION_DEADLINE_CHOICES,
  type ReservationDeadline,
} from '#src/modules/experiences/experience-form.shared';
import { numberOrNull, type SectionProps } from './section-props';

const t = ja.hostStory;
const f = t.fields;

const counts = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

export function ParticipantsSection({ state, set, update, messages }: Omit<SectionProps, 'choices'>) {
  const recruitmentMax = Math.max(HOST_LIMITS.recruitmentMax, state.recruitment_number);
  // The minimum count's choices derive from the recruitment number: a larger minimum comes down with it.
  const setRecruitment = (value: number) =>
    update((s) => ({
      ...s,
      recruitment_number: value,
      minimum_number_of_participant_count:
        s.minimum_number_of_participant_count !== null && s.minimum_number_of_participant_count > value
          ? value
          : s.minimum_number_of_participant_count,
    }));
  // Spec §4: unselecting the minimum clears its value.
  const toggleMinimum = (on: boolean) =>
    update((s) => ({
      ...s,
      set_minimum_number_of_participant_count: on,
      minimum_number_of_participant_count: on ? s.minimum_number_of_participant_count : null,
    }));
  // One array per submit (messages changes with the form's errors), so the Field can hide it once changed.
  const minimumMessages = useMemo(
    () => [...(messages('set_minimum_number_of_participant_count') ?? []), ...(messages('minimum_number_of_participant_count') ?? [])],
    [messages],
  );

  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.participants}</h2>
      <Field name="recruitment_number" label={f.recruitmentNumber} required messages={messages('recruitment_number')}>
        {(control) => (
          <select
            className="select select--narrow"
            {...control}
            value={state.recruitment_number}
            onChange={(e) => setRecruitment(Number(e.target.value))}
          >
            {counts(recruitmentMax).map((n) => (
              <option key={n} value={n}>
                {n}
                {t.peopleSuffix}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        name="minimum_number_of_participant_count"
        label={f.minimum}
        required
        group
        messages={minimumMessages.length ? minimumMessages : undefined}
      >
        {(control) => (
          <>
            <label className="check">
              <input
                type="checkbox"
                name="set_minimum"
                checked={state.set_minimum_number_of_participant_count}
                onChange={(e) => toggleMinimum(e.target.checked)}
              />
              <span>{f.minimumToggle}</span>
            </label>
            {state.set_minimum_number_of_participant_count && (
              <select
                className="select select--narrow"
                name={control.name}
                aria-label={f.minimum}
                aria-invalid={control['aria-invalid']}
                value={state.minimum_number_of_participant_count ?? ''}
                onChange={(e) => set('minimum_number_of_participant_count', numberOrNull(e.target.value))}
              >
                <option value="">{t.choose}</option>
                {counts(state.recruitment_number).map((n) => (
                  <option key={n} value={n}>
                    {n}
                    {t.peopleSuffix}
                  </option>
                ))}
              </select>
            )}
          </>
        )}
      </Field>
      <Field name="reservation_deadline" label={f.reservationDeadline} required messages={messages('reservation_deadline')}>
        {(control) => (
          <select
            className="select select--narrow"
            {...control}
            value={state.reservation_deadline}
            onChange={(e) => set('reservation_deadline', e.target.value as ReservationDeadline | '')}
          >
            {RESERVATION_DEADLINE_CHOICES.map((d) => (
              <option key={d} value={d}>
                {t.deadlines[d]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        name="reservation_notice"
        label={f.reservationNotice}
        required={false}
        max={HOST_LIMITS.reservationNotice}
        value={state.reservation_notice}
        messages={messages('reservation_notice')}
      >
        {(control) => (
          <textarea
            className="textarea textarea--short"
            {...control}
            value={state.reservation_notice}
            onChange={(e) => set('reservation_notice', e.target.value)}
          />
        )}
      </Field>
    </section>
  );
}

export function CancellationSection({ state, set, messages }: Pick<SectionProps, 'state' | 'set' | 'messages'>) {
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.cancellation}</h2>
      <Field name="cancellation_period" label={f.cancellationPeriod} required messages={messages('cancellation_period')}>
        {(control) => (
          <select
            className="select"
            {...control}
            value={state.cancellation_period ?? ''}
            onChange={(e) => set('cancellation_period', numberOrNull(e.target.value))}
          >
            <option value="">{t.choose}</option>
            {CANCELLATION_PERIOD_CHOICES.map((days) => (
              <option key={days} value={days}>
                {t.cancellationPeriods[days]}
              </option>
            ))}
          </select>
        )}
      </Field>
    </section>
  );
}
