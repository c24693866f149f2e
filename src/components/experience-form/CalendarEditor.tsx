// The calendar area of the form (spec §2 "Calendar area", §5): a date (today to 6 months ahead), start and end
// times in 30-minute steps, an add button and a recurrence button (both disabled until date, start and end are
// filled); recurrence has weekday checkboxes Sunday to Saturday, select-all, and an end date between the start
// date and 3 months later (default 3 months).
import { useId, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { formatDateJa, formatYmdJa, minutesOf } from '#src/lib/isomorphic/dates';
import { calendarDateIssue } from '#src/modules/calendars/calendar-plan.schemas';
import {
  TIME_CHOICES,
  WEEKDAYS,
  calendarWindow,
  defaultRecurrenceEnd,
  expandRecurrence,
  recurrenceEndWindow,
  type Weekday,
} from '#src/modules/calendars/recurrence';
import { addRule, addSlot, findSlot, removeRule, uuid, type FormState, type RuleState, type SlotState } from './form-state';

const t = ja.hostStory;
type CalendarPart = Pick<FormState, 'calendars' | 'recurrence_rules'>;

interface Props {
  calendars: SlotState[];
  rules: RuleState[];
  today: string;
  onChange: (update: (current: CalendarPart) => CalendarPart) => void;
  errors: string[];
}

export function CalendarEditor({ calendars, rules, today, onChange, errors }: Props) {
  const [date, setDate] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [recurrenceOpen, setRecurrenceOpen] = useState(false);
  const [weekdays, setWeekdays] = useState<Weekday[]>([]);
  const [endDate, setEndDate] = useState('');
  /**
   * Why 日程を追加 or この条件で追加 added nothing (the start is not before the end, or the same date and time is
   * already listed); cleared by the next change of the date or a time.
   */
  const [addNotice, setAddNotice] = useState('');
  const dateId = useId();
  const dateWindow = calendarWindow(today);
  // A date typed outside the window (the picker's min and max do not stop typing) says why nothing can be added.
  const dateIssue = date === '' ? null : calendarDateIssue(date, today);
  const ready = date !== '' && start !== '' && end !== '' && dateIssue === null;
  const endWindow = date ? recurrenceEndWindow(date, today) : null;

  // Spec §5 slot time rule: the start must come before the end. A closed select changes its value on every arrow
  // press, so the pair is checked only when a slot or a rule is added, and the choice is kept for the user to fix.
  const timesInOrder = minutesOf(start) < minutesOf(end);
  function chooseStart(value: string) {
    setAddNotice('');
    setStart(value);
  }
  function chooseEnd(value: string) {
    setAddNotice('');
    setEnd(value);
  }
  function chooseDate(value: string) {
    setAddNotice('');
    setDate(value);
    if (value) setEndDate(defaultRecurrenceEnd(value, today));
  }

  function add() {
    if (!ready) return;
    if (!timesInOrder) {
      setAddNotice(t.errors.startBeforeEnd);
      return;
    }
    const slot = { date, start_time: start, end_time: end };
    const listed = findSlot(calendars, slot);
    if (listed) {
      const when = `${formatDateJa(date)} ${start}〜${end}`;
      setAddNotice(listed.cancelled ? t.slotAlreadyCancelled(when) : t.slotAlreadyAdded(when));
      return;
    }
    setAddNotice('');
    onChange((current) => ({ ...current, calendars: addSlot(current.calendars, slot) }));
  }

  function addRecurrence() {
    if (!ready || weekdays.length === 0 || !endWindow) return;
    if (!timesInOrder) {
      setAddNotice(t.errors.startBeforeEnd);
      return;
    }
    const rule: RuleState = {
      uuid: uuid(),
      start_date: date,
      end_date: endDate < endWindow.min || endDate > endWindow.max ? endWindow.max : endDate,
      start_time: start,
      end_time: end,
      day_of_week: WEEKDAYS.filter((d) => weekdays.includes(d)),
    };
    onChange((current) => addRule(current, rule, today));
    setRecurrenceOpen(false);
    setWeekdays([]);
  }

  const toggleDay = (day: Weekday) => setWeekdays((list) => (list.includes(day) ? list.filter((d) => d !== day) : [...list, day]));
  const allSelected = weekdays.length === WEEKDAYS.length;
  // A rule's count is of its open dates: a cancelled one is no longer held.
  const ruleCount = (rule: RuleState) => calendars.filter((c) => c.recurrence_rule_uuid === rule.uuid && !c.cancelled).length;
  const days = (rule: RuleState) => rule.day_of_week.map((d) => t.weekdayShort[d]).join('・');

  return (
    <div className="calendar-editor">
      <div className="calendar-editor__inputs">
        <div className="field">
          <label className="field__label" htmlFor={dateId}>
            {t.fields.date}
          </label>
          <input
            id={dateId}
            type="date"
            className="input"
            name="calendar_date"
            min={dateWindow.min}
            max={dateWindow.max}
            value={date}
            aria-invalid={dateIssue ? true : undefined}
            aria-describedby={dateIssue ? `${dateId}-issue` : undefined}
            onChange={(e) => chooseDate(e.target.value)}
          />
          {dateIssue && (
            <p className="field__error" id={`${dateId}-issue`} data-testid="calendar-date-issue">
              {dateIssue}
            </p>
          )}
        </div>
        <TimeSelect label={t.fields.startTime} name="calendar_start" value={start} onChange={chooseStart} />
        <TimeSelect label={t.fields.endTime} name="calendar_end" value={end} onChange={chooseEnd} />
      </div>
      <div className="calendar-editor__actions">
        <button type="button" className="button button--small" disabled={!ready} onClick={add} data-testid="calendar-add">
          {t.addCalendar}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={!ready}
          aria-expanded={recurrenceOpen}
          onClick={() => setRecurrenceOpen((v) => !v)}
        >
          {t.recurrence}
        </button>
      </div>
      {addNotice && (
        <p className="field__error" role="alert" data-testid="calendar-add-notice">
          {addNotice}
        </p>
      )}

      {recurrenceOpen && ready && endWindow && (
        <fieldset className="calendar-editor__recurrence">
          <legend className="field__label">{t.fields.weekdays}</legend>
          <label className="check">
            <input type="checkbox" checked={allSelected} onChange={() => setWeekdays(allSelected ? [] : [...WEEKDAYS])} />
            <span>{t.selectAllWeekdays}</span>
          </label>
          <div className="calendar-editor__weekdays">
            {WEEKDAYS.map((day) => (
              <label key={day} className="check check--chip">
                <input type="checkbox" name="weekday" value={day} checked={weekdays.includes(day)} onChange={() => toggleDay(day)} />
                <span>{t.weekdayShort[day]}</span>
              </label>
            ))}
          </div>
          <label className="field calendar-editor__end">
            <span className="field__label">{t.fields.recurrenceEnd}</span>
            <input
              type="date"
              className="input"
              name="recurrence_end"
              min={endWindow.min}
              max={endWindow.max}
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
            />
          </label>
          <p className="field__hint">
            {weekdays.length > 0 &&
              `${expandRecurrence({ start_date: date, end_date: endDate || endWindow.max, start_time: start, end_time: end, day_of_week: weekdays }).length}回`}
          </p>
          <div className="calendar-editor__actions">
            <button type="button" className="button button--small" disabled={weekdays.length === 0 || !endDate} onClick={addRecurrence}>
              {t.addRecurrence}
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => setRecurrenceOpen(false)}>
              {t.closeRecurrence}
            </button>
          </div>
        </fieldset>
      )}

      {rules.length > 0 && (
        <ul className="calendar-editor__rules">
          {rules.map((rule) => (
            <li key={rule.uuid} className="calendar-editor__rule">
              <span className="badge">{t.recurrenceLabel}</span>
              <span>
                {t.recurrenceSummary(
                  days(rule),
                  formatYmdJa(rule.start_date),
                  formatYmdJa(rule.end_date),
                  `${rule.start_time}〜${rule.end_time}`,
                  ruleCount(rule),
                )}
              </span>
              <button
                type="button"
                className="site-nav__plain"
                aria-label={t.removeRuleNamed(days(rule), `${rule.start_time}〜${rule.end_time}`)}
                onClick={() => onChange((current) => removeRule(current, rule.uuid))}
              >
                {t.removeCalendar}
              </button>
            </li>
          ))}
        </ul>
      )}

      {calendars.length === 0 ? (
        <p className="muted calendar-editor__empty">{t.noCalendars}</p>
      ) : (
        <ul className="calendar-editor__slots" aria-label={ja.hostStory.sections.calendar} data-testid="calendar-slots">
          {calendars.map((slot) => (
            <li
              key={slot.key}
              className={slot.cancelled ? 'calendar-editor__slot calendar-editor__slot--cancelled' : 'calendar-editor__slot'}
            >
              <span>
                {formatDateJa(slot.date)} {slot.start_time}〜{slot.end_time}
              </span>
              {slot.recurrence_rule_uuid && <span className="badge badge--muted">{t.recurrenceLabel}</span>}
              {slot.cancelled ? (
                <span className="badge badge--muted" data-testid="calendar-slot-cancelled">
                  {ja.hostReservations.slotCancelled}
                </span>
              ) : slot.reserved ? (
                <span className="badge">{t.reserved(slot.participant_number)}</span>
              ) : (
                <button
                  type="button"
                  className="site-nav__plain"
                  aria-label={t.removeCalendarNamed(`${formatDateJa(slot.date)} ${slot.start_time}〜${slot.end_time}`)}
                  onClick={() => onChange((current) => ({ ...current, calendars: current.calendars.filter((c) => c.key !== slot.key) }))}
                >
                  {t.removeCalendar}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {errors.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}

/** A start or end time in 30-minute steps (TIME_CHOICES), empty until chosen. */
function TimeSelect({ label, name, value, onChange }: { label: string; name: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <select className="select" name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">--:--</option>
        {TIME_CHOICES.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
    </label>
  );
}
