// The options (at most 5) and the calendar (dates and weekly rules) of the experience form.
import { useMemo } from 'react';
import * as ja from '#src/i18n/ja';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { RequiredBadge, messagesUnder, useDismissible } from '#src/components/form';
import { CalendarEditor } from '#src/components/experience-form/CalendarEditor';
import { OptionsEditor } from '#src/components/experience-form/OptionsEditor';
import type { SectionProps } from './section-props';

const t = ja.hostStory;

export function OptionsSection({ state, update, errors }: Pick<SectionProps, 'state' | 'update'> & { errors: FieldMessages }) {
  const optionErrors = Object.fromEntries(Object.entries(errors).filter(([key]) => key === 'options' || key.startsWith('options.')));
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">
        {t.sections.options}
        <RequiredBadge required={false} />
      </h2>
      <OptionsEditor options={state.options} onChange={(fn) => update((s) => ({ ...s, options: fn(s.options) }))} errors={optionErrors} />
    </section>
  );
}

export function CalendarSection({
  state,
  update,
  errors,
  today,
}: Pick<SectionProps, 'state' | 'update'> & { errors: FieldMessages; today: string }) {
  // One list per submit (memoised on the form's messages), so that hiding it never hides the next submit's.
  const calendarErrors = useMemo(
    () => [...new Set([...messagesUnder(errors, 'calendars'), ...messagesUnder(errors, 'recurrence_rules')])],
    [errors],
  );
  // Like any field's message, the calendar's hides once its value changes (a date or a weekly rule added or
  // removed), until the next submit: 日程を1つ以上登録してください goes as soon as a date is added.
  const { shown, dismiss } = useDismissible(calendarErrors);
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">
        {t.sections.calendar}
        <RequiredBadge required />
      </h2>
      <CalendarEditor
        calendars={state.calendars}
        rules={state.recurrence_rules}
        today={today}
        onChange={(fn) => {
          dismiss();
          update((s) => ({ ...s, ...fn({ calendars: s.calendars, recurrence_rules: s.recurrence_rules }) }));
        }}
        errors={shown ?? []}
      />
    </section>
  );
}
