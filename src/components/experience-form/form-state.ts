// The experience form's state and its conversions (defaults, prefill from a draft or an experience, the request
// payload). Pure: the form component and its tests use it; the rules themselves are the shared zod schemas.
import { expandRecurrence } from '#src/modules/calendars/recurrence';
import type { ExperienceImageJson, HostExperienceJson } from '#src/modules/experiences/experiences.host.schemas';
import { yenDigits } from '#src/modules/experiences/experience-options.schemas';
import type { ReservationDeadline } from '#src/modules/experiences/experience-form.shared';
import type { DraftJson } from '#src/modules/experience-drafts/experience-drafts.schemas';
import type { RecurrenceRuleJson } from '#src/modules/calendars/calendar-plan.schemas';

export interface OptionState {
  /** React key only. */
  key: string;
  id: number | null;
  name: string;
  description: string;
  /** As typed (half-width digits once converted), '' when empty. */
  price: string;
}

export interface SlotState {
  key: string;
  id: number | null;
  date: string;
  start_time: string;
  end_time: string;
  recurrence_rule_uuid: string | null;
  participant_number: number;
  /** Has reservations or seats on hold: cannot be deleted (the server refuses it too). */
  reserved: boolean;
  /**
   * The host cancelled it (この回を中止する: the slot stopped accepting reservations, as guests see it): shown as
   * 開催中止, neither moved nor deleted (the server refuses both), and not one of the open dates.
   */
  cancelled: boolean;
}

/** A recurrence rule in the form: as the host's JSON has it. */
export type RuleState = RecurrenceRuleJson;

export interface FormState {
  /** The photos in order, each with its alt text as typed (null or '' when none is written). */
  images: ExperienceImageJson[];
  /** null until the host chooses (the choice is required). */
  online: boolean | null;
  online_url: string;
  state: string;
  address: string;
  address_displayable: boolean;
  title: string;
  category_id: number | null;
  themes: number[];
  price: string;
  price_side_note: string;
  description: string;
  inspiration: string;
  note: string;
  recruitment_number: number;
  reservation_deadline: ReservationDeadline | '';
  set_minimum_number_of_participant_count: boolean;
  minimum_number_of_participant_count: number | null;
  cancellation_period: number | null;
  reservation_notice: string;
  options: OptionState[];
  calendars: SlotState[];
  recurrence_rules: RuleState[];
  community_id: number | null;
  proxy_user: { id: number; name: string } | null;
}

let keyCounter = 0;
export const nextKey = () => {
  keyCounter += 1;
  return `k${keyCounter}`;
};

/** A v4 UUID in any browser context (crypto.randomUUID needs a secure context). */
export function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The spec's defaults: reservation_deadline the_day_before, recruitment_number 1, address_displayable true. */
export function emptyState(): FormState {
  return {
    images: [],
    online: null,
    online_url: '',
    state: '',
    address: '',
    address_displayable: true,
    title: '',
    category_id: null,
    themes: [],
    price: '',
    price_side_note: '',
    description: '',
    inspiration: '',
    note: '',
    recruitment_number: 1,
    reservation_deadline: 'the_day_before',
    set_minimum_number_of_participant_count: false,
    minimum_number_of_participant_count: null,
    cancellation_period: null,
    reservation_notice: '',
    options: [],
    calendars: [],
    recurrence_rules: [],
    community_id: null,
    proxy_user: null,
  };
}

const str = (v: string | null | undefined) => v ?? '';
const priceText = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function fromDraft(draft: DraftJson): FormState {
  const base = emptyState();
  return {
    ...base,
    images: draft.images,
    online: draft.online ?? null,
    online_url: str(draft.online_url),
    state: str(draft.state),
    address: str(draft.address),
    address_displayable: draft.address_displayable ?? true,
    title: str(draft.title),
    category_id: draft.category_id ?? null,
    themes: (draft.themes ?? []).map((t) => t.id),
    price: priceText(draft.price),
    price_side_note: str(draft.price_side_note),
    description: str(draft.description),
    inspiration: str(draft.inspiration),
    note: str(draft.note),
    recruitment_number: draft.recruitment_number ?? base.recruitment_number,
    reservation_deadline: draft.reservation_deadline ?? base.reservation_deadline,
    set_minimum_number_of_participant_count: draft.set_minimum_number_of_participant_count ?? false,
    minimum_number_of_participant_count: draft.minimum_number_of_participant_count ?? null,
    cancellation_period: draft.cancellation_period ?? null,
    reservation_notice: str(draft.reservation_notice),
    options: (draft.options ?? []).map((o) => ({
      key: nextKey(),
      id: null,
      name: o.name,
      description: o.description,
      price: priceText(o.price),
    })),
    calendars: (draft.calendars ?? []).map((c) => ({
      key: nextKey(),
      id: null,
      date: c.date,
      start_time: c.start_time,
      end_time: c.end_time,
      recurrence_rule_uuid: c.recurrence_rule_uuid ?? null,
      participant_number: 0,
      reserved: false,
      cancelled: false,
    })),
    recurrence_rules: (draft.recurrence_rules ?? []).map((r) => ({ ...r, uuid: r.uuid ?? uuid() })),
    community_id: draft.community_id ?? null,
    proxy_user: null,
  };
}

export function fromExperience(experience: HostExperienceJson): FormState {
  return {
    images: experience.images,
    online: experience.online,
    online_url: str(experience.online_url),
    state: str(experience.state),
    address: str(experience.address),
    address_displayable: experience.address_displayable,
    title: experience.title,
    category_id: experience.category_id,
    themes: experience.themes.map((t) => t.id),
    price: String(experience.price),
    price_side_note: experience.price_side_note,
    description: experience.description,
    inspiration: experience.inspiration,
    note: experience.note,
    recruitment_number: experience.recruitment_number,
    // Spec §4: editing falls back to on_the_day.
    reservation_deadline: experience.reservation_deadline ?? 'on_the_day',
    set_minimum_number_of_participant_count: experience.set_minimum_number_of_participant_count,
    minimum_number_of_participant_count: experience.minimum_number_of_participant_count,
    cancellation_period: experience.cancellation_period,
    reservation_notice: str(experience.reservation_notice),
    options: experience.options.map((o) => ({
      key: nextKey(),
      id: o.id,
      name: o.name,
      description: o.description,
      price: String(o.price),
    })),
    calendars: experience.calendars.map((c) => ({
      key: nextKey(),
      id: c.id,
      date: c.date,
      start_time: c.start_time,
      end_time: c.end_time,
      recurrence_rule_uuid: c.recurrence_rule_uuid,
      participant_number: c.participant_number,
      reserved: c.reserved,
      // Only the host's slot cancellation stops a slot accepting reservations.
      cancelled: !c.accepting_reservation,
    })),
    recurrence_rules: experience.recurrence_rules,
    community_id: experience.community_id,
    proxy_user: null,
  };
}

/** The request body for POST/PUT experiences and drafts (spec field names). */
export function toPayload(state: FormState, extra: { experience_draft_id?: number | null } = {}) {
  const text = (v: string) => (v.trim() === '' ? null : v);
  return {
    images: state.images,
    online: state.online,
    online_url: state.online === true ? text(state.online_url) : null,
    state: state.online === false ? text(state.state) : null,
    address: state.online === false ? text(state.address) : null,
    address_displayable: state.address_displayable,
    title: state.title,
    category_id: state.category_id,
    themes: state.themes.map((id) => ({ id })),
    price: state.price === '' ? null : state.price,
    price_side_note: state.price_side_note,
    description: state.description,
    inspiration: state.inspiration,
    note: state.note,
    recruitment_number: state.recruitment_number,
    reservation_deadline: state.reservation_deadline === '' ? null : state.reservation_deadline,
    set_minimum_number_of_participant_count: state.set_minimum_number_of_participant_count,
    minimum_number_of_participant_count: state.set_minimum_number_of_participant_count ? state.minimum_number_of_participant_count : null,
    cancellation_period: state.cancellation_period,
    reservation_notice: text(state.reservation_notice),
    options: state.options.map((o) => ({ id: o.id, name: o.name, description: o.description, price: o.price === '' ? null : o.price })),
    calendars: state.calendars.map((c) => ({
      id: c.id,
      date: c.date,
      start_time: c.start_time,
      end_time: c.end_time,
      recurrence_rule_uuid: c.recurrence_rule_uuid,
    })),
    recurrence_rules: state.recurrence_rules,
    community_id: state.community_id,
    proxy_user_id: state.proxy_user?.id ?? null,
    ...extra,
  };
}

/**
 * A price input's new value (spec §5; docs/decisions/hosting.md says how typing is read): its digits as
 * `yenDigits` reads them (full-width digits converted, thousands separators dropped, leading zeros gone). Anything
 * else is refused: `invalid` makes the caller show 'enter numbers only', and the digits typed so far stay.
 */
export function cleanPriceInput(raw: string): { value: string; invalid: boolean } {
  const { digits, other } = yenDigits(raw);
  return { value: digits, invalid: other };
}

const slotKey = (s: { date: string; start_time: string; end_time: string }) => `${s.date} ${s.start_time}-${s.end_time}`;

function sortSlots(slots: SlotState[]): SlotState[] {
  return [...slots].sort((a, b) => a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time));
}

/** The listed slot of this date and time, if any. */
export function findSlot(slots: SlotState[], slot: { date: string; start_time: string; end_time: string }): SlotState | undefined {
  return slots.find((s) => slotKey(s) === slotKey(slot));
}

/** True when the list already has a slot of this date and time. */
export function hasSlot(slots: SlotState[], slot: { date: string; start_time: string; end_time: string }): boolean {
  return findSlot(slots, slot) !== undefined;
}

/** Adds a single slot unless the same date and time already exists. */
export function addSlot(slots: SlotState[], slot: { date: string; start_time: string; end_time: string }): SlotState[] {
  if (hasSlot(slots, slot)) return slots;
  return sortSlots([
    ...slots,
    { key: nextKey(), id: null, recurrence_rule_uuid: null, participant_number: 0, reserved: false, cancelled: false, ...slot },
  ]);
}

/** Adds a rule and previews its slots (the server generates the same ones, from today on). */
export function addRule(state: Pick<FormState, 'calendars' | 'recurrence_rules'>, rule: RuleState, today: string) {
  const existing = new Set(state.calendars.map(slotKey));
  const generated = expandRecurrence(rule, { from: today })
    .filter((s) => !existing.has(slotKey(s)))
    .map((s) => ({
      key: nextKey(),
      id: null,
      recurrence_rule_uuid: rule.uuid,
      participant_number: 0,
      reserved: false,
      cancelled: false,
      ...s,
    }));
  return { calendars: sortSlots([...state.calendars, ...generated]), recurrence_rules: [...state.recurrence_rules, rule] };
}

/** Removes a rule and its slots, except slots with reservations and cancelled ones (they stay as they are). */
export function removeRule(state: Pick<FormState, 'calendars' | 'recurrence_rules'>, ruleUuid: string) {
  return {
    calendars: state.calendars.filter((c) => c.recurrence_rule_uuid !== ruleUuid || c.reserved || c.cancelled),
    recurrence_rules: state.recurrence_rules.filter((r) => r.uuid !== ruleUuid),
  };
}
