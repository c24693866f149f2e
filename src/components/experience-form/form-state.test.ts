import { describe, expect, it } from 'vitest';
import { experienceSchema } from '#src/modules/experiences/experiences.host.schemas';
import { isEmptyOption, isIncompleteOption } from '#src/modules/experiences/experience-options.schemas';
import {
  addRule,
  addSlot,
  cleanPriceInput,
  emptyState,
  fromDraft,
  fromExperience,
  hasSlot,
  removeRule,
  toPayload,
  uuid,
  type FormState,
} from './form-state';

describe('price inputs', () => {
  it('converts full-width digits and drops thousands separators and blanks around', () => {
    expect(cleanPriceInput('３５００')).toEqual({ value: '3500', invalid: false });
    expect(cleanPriceInput(' 12 ')).toEqual({ value: '12', invalid: false });
    expect(cleanPriceInput('')).toEqual({ value: '', invalid: false });
    expect(cleanPriceInput('1,000')).toEqual({ value: '1000', invalid: false });
    expect(cleanPriceInput('１，２００')).toEqual({ value: '1200', invalid: false });
    expect(cleanPriceInput('12,345,678')).toEqual({ value: '12345678', invalid: false });
  });

  it('keeps what was typed when a separator is typed key by key', () => {
    // The input's value after each key of "1,000", as the form sets it back into the input.
    let value = '';
    for (const key of ['1', ',', '0', '0', '0']) {
      const next = cleanPriceInput(value + key);
      expect(next.invalid, key).toBe(false);
      value = next.value;
    }
    expect(value).toBe('1000');
  });

  it('refuses anything else than digits and keeps the digits typed', () => {
    expect(cleanPriceInput('12a')).toEqual({ value: '12', invalid: true });
    expect(cleanPriceInput('-5')).toEqual({ value: '5', invalid: true });
    expect(cleanPriceInput('1.5')).toEqual({ value: '15', invalid: true });
    expect(cleanPriceInput('円')).toEqual({ value: '', invalid: true });
  });

  it('drops leading zeros so the input shows the number it sends', () => {
    expect(cleanPriceInput('000')).toEqual({ value: '0', invalid: false });
    expect(cleanPriceInput('0')).toEqual({ value: '0', invalid: false });
    expect(cleanPriceInput('0500')).toEqual({ value: '500', invalid: false });
    expect(cleanPriceInput('０，０５０')).toEqual({ value: '50', invalid: false });
  });
});

describe('defaults and payload', () => {
  it('starts with the spec defaults', () => {
    const state = emptyState();
    expect(state.reservation_deadline).toBe('the_day_before');
    expect(state.recruitment_number).toBe(1);
    expect(state.address_displayable).toBe(true);
    expect(state.online).toBeNull();
  });

  it('sends only the fields of the chosen format and no minimum when it is unset', () => {
    const online: FormState = {
      ...emptyState(),
      online: true,
      online_url: 'https://x.example',
      address: '残り',
      state: '京都府',
      minimum_number_of_participant_count: 3,
    };
    expect(toPayload(online)).toMatchObject({
      online_url: 'https://x.example',
      address: null,
      state: null,
      minimum_number_of_participant_count: null,
    });
    const inPerson: FormState = { ...emptyState(), online: false, online_url: 'https://x.example', address: '京都市', state: '京都府' };
    expect(toPayload(inPerson)).toMatchObject({ online_url: null, address: '京都市', state: '京都府' });
  });

  it('builds a payload the shared schema accepts once everything is filled', () => {
    const state: FormState = {
      ...emptyState(),
      images: [
        { object_key: 'a.jpg', url: '/uploads/a.jpg', alt: ' 藍甕に布を浸す手元 ' },
        { object_key: 'b.jpg', url: '/uploads/b.jpg', alt: '' },
      ],
      online: false,
      state: '京都府',
      address: '京都市',
      title: 'タイトル',
      category_id: 1,
      themes: [1],
      price: '3000',
      price_side_note: '込み',
      description: '説明',
      inspiration: 'きっかけ',
      note: '注意',
      cancellation_period: 7,
      options: [{ key: 'x', id: null, name: '', description: '', price: '' }],
      calendars: addSlot([], { date: '2099-01-01', start_time: '10:00', end_time: '11:00' }),
    };
    const parsed = experienceSchema.safeParse(toPayload(state, { experience_draft_id: 4 }));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.options).toEqual([]);
    expect(parsed.data?.price).toBe(3000);
    expect(parsed.data?.experience_draft_id).toBe(4);
    // Each photo's alt text travels with it: trimmed, and a blank one is none.
    expect(parsed.data?.images).toEqual([
      { object_key: 'a.jpg', url: '/uploads/a.jpg', alt: '藍甕に布を浸す手元' },
      { object_key: 'b.jpg', url: '/uploads/b.jpg', alt: null },
    ]);
  });
});

describe('options', () => {
  it('tells empty options (dropped) from incomplete ones (blocking)', () => {
    expect(isEmptyOption({ name: ' ', description: '', price: '' })).toBe(true);
    expect(isIncompleteOption({ name: ' ', description: '', price: '' })).toBe(false);
    expect(isIncompleteOption({ name: 'a', description: '', price: '1' })).toBe(true);
    expect(isIncompleteOption({ name: 'a', description: 'b', price: '' })).toBe(true);
    expect(isIncompleteOption({ name: 'a', description: 'b', price: '0' })).toBe(false);
  });
});

describe('calendar editing', () => {
  it('adds a slot once and keeps the list sorted', () => {
    let slots = addSlot([], { date: '2099-01-02', start_time: '10:00', end_time: '11:00' });
    slots = addSlot(slots, { date: '2099-01-01', start_time: '10:00', end_time: '11:00' });
    slots = addSlot(slots, { date: '2099-01-02', start_time: '10:00', end_time: '11:00' });
    expect(slots.map((s) => s.date)).toEqual(['2099-01-01', '2099-01-02']);
    // What the editor checks to say that a date and time is already listed.
    expect(hasSlot(slots, { date: '2099-01-02', start_time: '10:00', end_time: '11:00' })).toBe(true);
    expect(hasSlot(slots, { date: '2099-01-02', start_time: '10:30', end_time: '11:00' })).toBe(false);
  });

  it("previews a rule's slots without duplicates and removes them with the rule, except reserved ones", () => {
    const rule = {
      uuid: uuid(),
      start_date: '2099-01-01',
      end_date: '2099-01-31',
      start_time: '10:00',
      end_time: '11:00',
      day_of_week: ['Thursday' as const],
    };
    // 2099-01-01 is a Thursday: the existing single slot on that date is not doubled.
    const start = { calendars: addSlot([], { date: '2099-01-01', start_time: '10:00', end_time: '11:00' }), recurrence_rules: [] };
    const withRule = addRule(start, rule, '2098-12-01');
    expect(withRule.calendars.map((c) => c.date)).toEqual(['2099-01-01', '2099-01-08', '2099-01-15', '2099-01-22', '2099-01-29']);
    expect(withRule.calendars.filter((c) => c.recurrence_rule_uuid === rule.uuid)).toHaveLength(4);
    const reserved = { ...withRule, calendars: withRule.calendars.map((c) => (c.date === '2099-01-15' ? { ...c, reserved: true } : c)) };
    const removed = removeRule(reserved, rule.uuid);
    expect(removed.recurrence_rules).toEqual([]);
    expect(removed.calendars.map((c) => c.date)).toEqual(['2099-01-01', '2099-01-15']);
  });

  it('reads a slot that no longer accepts reservations as cancelled and keeps it when its rule is removed', () => {
    const slot = (id: number, date: string, accepting: boolean, reserved: boolean) => ({
      id,
      date,
      start_time: '10:00',
      end_time: '11:00',
      recurrence_rule_uuid: '3f0c2a4e-8d7b-4c1a-9e2f-5b6a7c8d9e0f',
      recruitment_number: 8,
      participant_number: 0,
      accepting_reservation: accepting,
      reserved,
    });
    const state = fromExperience({
      ...({} as Parameters<typeof fromExperience>[0]),
      images: [],
      themes: [],
      options: [],
      recurrence_rules: [
        {
          uuid: '3f0c2a4e-8d7b-4c1a-9e2f-5b6a7c8d9e0f',
          start_date: '2099-01-01',
          end_date: '2099-01-31',
          start_time: '10:00',
          end_time: '11:00',
          day_of_week: ['Thursday'],
        },
      ],
      calendars: [slot(1, '2099-01-01', true, false), slot(2, '2099-01-08', false, true), slot(3, '2099-01-15', false, false)],
    });
    expect(state.calendars.map((c) => [c.id, c.cancelled, c.reserved])).toEqual([
      [1, false, false],
      [2, true, true],
      [3, true, false],
    ]);
    expect(removeRule(state, '3f0c2a4e-8d7b-4c1a-9e2f-5b6a7c8d9e0f').calendars.map((c) => c.id)).toEqual([2, 3]);
  });

  it('gives rules of a draft without a uuid a new one', () => {
    const state = fromDraft({
      id: 1,
      images: [],
      recurrence_rules: [
        { uuid: null, start_date: '2099-01-01', end_date: '2099-01-31', start_time: '10:00', end_time: '11:00', day_of_week: ['Monday'] },
      ],
    } as unknown as Parameters<typeof fromDraft>[0]);
    expect(state.recurrence_rules[0].uuid).toMatch(/^[0-9a-f-]{36}$/);
  });
});
