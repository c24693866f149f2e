// The host experience form's rules (guest-and-host.md §5), shared by the form pages, the API and the services.
// Browser-safe: no entities, no Node imports. Checks that need the database (category, themes, prefecture,
// community, slot reservations) live in experiences.host.service.ts and calendars.host.service.ts.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { experienceJsonSchema, type ExperienceJson } from './experiences.schemas';
import { isValidYmd, minutesOf } from '#src/lib/isomorphic/dates';
import {
  WEEKDAYS,
  calendarWindow,
  expandRecurrence,
  slotTimeIssue,
  recurrenceEndWindow,
  type Weekday,
} from '#src/modules/calendars/recurrence';
import { countJson, dateJson, idJson, pageMetaJson, timeJson } from '#src/lib/isomorphic/validate';
import { distinctObjectKeys } from '#src/modules/images/images.schemas';

const m = ja.hostStory.errors;
const f = ja.hostStory.fields;

/** Limits of the form (spec §9) and maximum lengths decided here (the spec leaves text lengths open). */
export const HOST_LIMITS = {
  title: 100,
  priceSideNote: 1000,
  description: 5000,
  inspiration: 5000,
  note: 5000,
  reservationNotice: 2000,
  address: 255,
  onlineUrl: 1000,
  optionName: 255,
  optionDescription: 1000,
  themes: 3,
  options: 5,
  images: 3,
  recruitmentMin: 1,
  recruitmentMax: 30,
  /** Yen per person; the form's price inputs refuse more. */
  priceMax: 10_000_000,
  /** Slots per request (a daily rule over 3 months makes 92): keeps one request bounded. */
  calendars: 500,
  recurrenceRules: 20,
} as const;

/** The one-shot session flag that lets /host_story/complete show its message once (set by POST /experiences). */
export const HOST_STORY_COMPLETE_FLAG = 'host_story_complete';

export const RESERVATION_DEADLINE_CHOICES = ['on_the_day', 'the_day_before'] as const;
export type ReservationDeadline = (typeof RESERVATION_DEADLINE_CHOICES)[number];
/** Cancellation policy ids: full refund until that many days before (ARCHITECTURE.md). */
export const CANCELLATION_PERIOD_CHOICES = [2, 7, 30] as const;

/** Full-width digits (０-９) become half-width (spec §5: price fields). */
export function toHalfWidthDigits(value: string): string {
  return value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** A price input: null when empty, a whole number of yen, or 'invalid' for anything that is not only digits. */
function parseYen(value: unknown): number | null | 'invalid' {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : 'invalid';
  if (typeof value !== 'string') return 'invalid';
  const text = toHalfWidthDigits(value.trim());
  if (text === '') return null;
  return /^\d{1,15}$/.test(text) ? Number(text) : 'invalid';
}

/** What parseYen accepts, for the OpenAPI document (the limit lives in the transforms below). */
const yenJsonSchema = {
  description: `円（0〜${HOST_LIMITS.priceMax.toLocaleString('ja-JP')}、数字の文字列も可）`,
  anyOf: [
    { type: 'integer', minimum: 0, maximum: HOST_LIMITS.priceMax },
    { type: 'string', maxLength: 40, pattern: '^\\s*[0-9０-９]{0,8}\\s*$' },
    { type: 'null' },
  ],
};

function yenField(label: string, required: boolean) {
  // optional(): an absent key must reach the transform (zod 4 refuses an absent key for a bare unknown).
  return z
    .unknown()
    .meta(yenJsonSchema)
    .optional()
    .transform((value, ctx): number | null => {
      const yen = parseYen(value);
      if (yen === 'invalid') {
        ctx.addIssue({ code: 'custom', message: ja.validation.numbersOnly });
        return z.NEVER;
      }
      if (yen === null) {
        if (required) {
          ctx.addIssue({ code: 'custom', message: ja.validation.requiredField(label) });
          return z.NEVER;
        }
        return null;
      }
      if (yen > HOST_LIMITS.priceMax) {
        ctx.addIssue({ code: 'custom', message: m.priceTooHigh(HOST_LIMITS.priceMax.toLocaleString('ja-JP')) });
        return z.NEVER;
      }
      return yen;
    });
}

const requiredText = (label: string, max: number) =>
  z
    .string({ error: ja.validation.requiredField(label) })
    .trim()
    .min(1, ja.validation.requiredField(label))
    .max(max, ja.validation.maxLength(label, max));

/** Optional text: empty becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: ja.validation.maxLength(label, max) })
    .trim()
    .max(max, ja.validation.maxLength(label, max))
    .nullish()
    .transform((v) => (v ? v : null));

const optionalId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

/** Same-origin paths (the local image store answers '/uploads/...') or http(s) URLs (the hosting service). */
function isImageUrl(url: string): boolean {
  if (/\s/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

const imageSchema = z.object(
  {
    object_key: z.string({ error: m.imageInvalid }).trim().min(1, m.imageInvalid).max(500, m.imageInvalid),
    url: z.string({ error: m.imageInvalid }).trim().min(1, m.imageInvalid).max(1000, m.imageInvalid).refine(isImageUrl, m.imageInvalid),
  },
  { error: m.imageInvalid },
);

const themeRef = z.object({ id: z.number({ error: m.themeUnknown }).int().positive(m.themeUnknown) }, { error: m.themeUnknown });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

// ---- Options -------------------------------------------------------------------------------------------------

const rawOption = z.object(
  {
    id: z.number().int().positive().nullish(),
    name: z.string().max(HOST_LIMITS.optionName, ja.validation.maxLength(f.optionName, HOST_LIMITS.optionName)).nullish(),
    description: z
      .string()
      .max(HOST_LIMITS.optionDescription, ja.validation.maxLength(f.optionDescription, HOST_LIMITS.optionDescription))
      .nullish(),
    price: z.unknown().meta(yenJsonSchema).optional(),
  },
  { error: m.optionsInvalid },
);
type RawOption = z.infer<typeof rawOption>;

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** An option with every field empty is dropped (spec §5), in the form and on the server. */
export function isEmptyOption(option: { name?: unknown; description?: unknown; price?: unknown }): boolean {
  return blank(option.name) && blank(option.description) && blank(option.price);
}

/** An option that is not empty but misses its name, description or price blocks a publication request. */
export function isIncompleteOption(option: { name?: unknown; description?: unknown; price?: unknown }): boolean {
  return !isEmptyOption(option) && (blank(option.name) || blank(option.description) || parseYen(option.price) === null);
}

export interface OptionValue {
  id: number | null;
  name: string;
  description: string;
  price: number | null;
}

/** strict: a publication request (incomplete options refused); lenient: a draft (kept as they are). */
function optionsField(strict: boolean) {
  return z
    .array(rawOption, { error: m.optionsInvalid })
    .max(20, m.optionsTooMany)
    .nullish()
    .transform((list, ctx): OptionValue[] => {
      const out: OptionValue[] = [];
      let incomplete = false;
      (list ?? []).forEach((option: RawOption, index) => {
        if (isEmptyOption(option)) return;
        const price = parseYen(option.price);
        if (price === 'invalid') ctx.addIssue({ code: 'custom', path: [index, 'price'], message: ja.validation.numbersOnly });
        else if (price !== null && price > HOST_LIMITS.priceMax)
          ctx.addIssue({ code: 'custom', path: [index, 'price'], message: m.priceTooHigh(HOST_LIMITS.priceMax.toLocaleString('ja-JP')) });
        if (isIncompleteOption(option)) incomplete = true;
        out.push({
          id: option.id ?? null,
          name: (option.name ?? '').trim(),
          description: (option.description ?? '').trim(),
          price: typeof price === 'number' ? price : null,
        });
      });
      if (out.length > HOST_LIMITS.options) ctx.addIssue({ code: 'custom', message: m.optionsTooMany });
      if (strict && incomplete) ctx.addIssue({ code: 'custom', message: m.optionsInvalid });
      return out;
    });
}

// ---- Calendar entries and recurrence rules ------------------------------------------------------------------

// The limits in refinements, stated for the OpenAPI document (.meta): a generated client refuses what these refuse.
const ymd = z
  .string({ error: m.dateInvalid })
  .refine(isValidYmd, m.dateInvalid)
  .meta({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** A slot time the form can produce (TIME_CHOICES: 06:00–23:30 in 30-minute steps), with the reason when not. */
const halfHour = z
  .string({ error: m.timeStep })
  .superRefine((value, ctx) => {
    const issue = slotTimeIssue(value);
    if (issue) ctx.addIssue({ code: 'custom', message: issue === 'step' ? m.timeStep : ja.bookingRules.timeOutsideWindow });
  })
  .meta({ pattern: '^(?:0[6-9]|1\\d|2[0-3]):(?:00|30)$', description: '06:00〜23:30 の 30 分刻み（日本時間）' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const calendarEntrySchema = z
  .object({
    /** An existing slot (editing); absent for a new one. */
    id: optionalId,
    date: ymd,
    start_time: halfHour,
    end_time: halfHour,
    /** The rule that produced the slot, when it refers to a rule of the same request. */
    recurrence_rule_uuid: z
      .string()
      .regex(UUID)
      .nullish()
      .transform((v) => v?.toLowerCase() ?? null),
  })
  .refine((e) => minutesOf(e.start_time) < minutesOf(e.end_time), { message: m.startBeforeEnd, path: ['start_time'] });
export type CalendarEntryInput = z.infer<typeof calendarEntrySchema>;

const recurrenceRuleSchema = z
  .object({
    uuid: z
      .string()
      .regex(UUID)
      .nullish()
      .transform((v) => v?.toLowerCase() ?? null),
    start_date: ymd,
    end_date: ymd,
    start_time: halfHour,
    end_time: halfHour,
    day_of_week: z
      .array(z.enum(WEEKDAYS, { error: m.weekdaysRequired }), { error: m.weekdaysRequired })
      .min(1, m.weekdaysRequired)
      .max(7, m.weekdaysRequired)
      // One entry per weekday, Sunday first, so two rules can be compared field by field.
      .transform((days) => WEEKDAYS.filter((d) => days.includes(d)) as Weekday[]),
  })
  .refine((r) => minutesOf(r.start_time) < minutesOf(r.end_time), { message: m.startBeforeEnd, path: ['start_time'] })
  .refine((r) => r.end_date >= r.start_date, { message: m.recurrenceEndRange, path: ['end_date'] });
export type RecurrenceRuleInput = z.infer<typeof recurrenceRuleSchema>;

/** The date window of a new or changed slot (today in Japan to 6 months ahead); null when it fits. */
export function calendarDateIssue(date: string, today: string): string | null {
  const window = calendarWindow(today);
  if (date < window.min) return m.dateBeforeToday;
  if (date > window.max) return m.dateTooFar;
  return null;
}

/** Window problems of a new or changed recurrence rule, as field -> message. */
export function recurrenceRuleIssues(rule: RecurrenceRuleInput, today: string): Record<string, string> {
  const issues: Record<string, string> = {};
  const startIssue = calendarDateIssue(rule.start_date, today);
  if (startIssue) issues.start_date = startIssue;
  const endWindow = recurrenceEndWindow(rule.start_date, today);
  if (rule.end_date < endWindow.min || rule.end_date > endWindow.max) issues.end_date = m.recurrenceEndRange;
  if (Object.keys(issues).length === 0 && expandRecurrence(rule).length === 0) issues.day_of_week = m.recurrenceEmpty;
  return issues;
}

// ---- The experience (publication request and update) ----------------------------------------------------------

const experienceShape = {
  title: requiredText(f.title, HOST_LIMITS.title),
  images: z
    .array(imageSchema, { error: m.imagesRequired })
    .min(1, m.imagesRequired)
    .max(HOST_LIMITS.images, m.imagesTooMany)
    .refine(distinctObjectKeys, { error: ja.uploads.duplicateImage }),
  online: z.boolean({ error: m.onlineRequired }),
  online_url: z.string().trim().max(HOST_LIMITS.onlineUrl, ja.validation.maxLength(f.onlineUrl, HOST_LIMITS.onlineUrl)).nullish(),
  /** The prefecture's name (spec: state). */
  state: z.string().trim().max(10, m.stateUnknown).nullish(),
  address: z.string().trim().max(HOST_LIMITS.address, ja.validation.maxLength(f.address, HOST_LIMITS.address)).nullish(),
  address_displayable: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  category_id: z.number({ error: m.categoryRequired }).int(m.categoryRequired).positive(m.categoryRequired),
  themes: z
    .array(themeRef, { error: m.themesRequired })
    .min(1, m.themesRequired)
    .max(HOST_LIMITS.themes, m.themesTooMany)
    .refine((list) => new Set(list.map((t) => t.id)).size === list.length, m.themesDuplicate),
  price: yenField(f.price, true),
  price_side_note: requiredText(f.priceSideNote, HOST_LIMITS.priceSideNote),
  description: requiredText(f.description, HOST_LIMITS.description),
  inspiration: requiredText(f.inspiration, HOST_LIMITS.inspiration),
  note: requiredText(f.note, HOST_LIMITS.note),
  recruitment_number: z
    .number({ error: m.recruitmentRange })
    .int(m.recruitmentRange)
    .min(HOST_LIMITS.recruitmentMin, m.recruitmentRange)
    .max(HOST_LIMITS.recruitmentMax, m.recruitmentRange),
  reservation_deadline: z.enum(RESERVATION_DEADLINE_CHOICES, { error: m.deadlineRequired }),
  set_minimum_number_of_participant_count: z.boolean({ error: m.minimumToggleRequired }),
  minimum_number_of_participant_count: z.number({ error: m.minimumRange }).int(m.minimumRange).nullish(),
  cancellation_period: z
    .number({ error: m.cancellationRequired })
    .refine((v) => (CANCELLATION_PERIOD_CHOICES as readonly number[]).includes(v), m.cancellationRequired)
    .meta({ enum: [...CANCELLATION_PERIOD_CHOICES] }),
  reservation_notice: optionalText(f.reservationNotice, HOST_LIMITS.reservationNotice),
  options: optionsField(true),
  calendars: z
    .array(calendarEntrySchema, { error: m.calendarsRequired })
    .max(HOST_LIMITS.calendars, m.calendarsTooMany(HOST_LIMITS.calendars))
    .nullish()
    .transform((v) => v ?? []),
  recurrence_rules: z
    .array(recurrenceRuleSchema, { error: m.calendarsRequired })
    .max(HOST_LIMITS.recurrenceRules, m.rulesTooMany(HOST_LIMITS.recurrenceRules))
    .nullish()
    .transform((v) => v ?? []),
  community_id: optionalId,
  /** Admins only: create the experience as this host (spec §6). Ignored when updating. */
  proxy_user_id: optionalId,
  /** The draft this publication request comes from; deleted once the experience exists. */
  experience_draft_id: optionalId,
};

type Loose = Record<string, unknown>;

/**
 * Rules across fields. Runs even when other fields failed (`when`), so one answer lists every problem; the values
 * may therefore still be raw input and are checked for their type before use.
 */
function crossFieldIssues(d: Loose): FieldMessages {
  const issues: FieldMessages = {};
  const add = (field: string, message: string) => {
    issues[field] = [...(issues[field] ?? []), message];
  };
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  if (d.online === true) {
    const url = text(d.online_url);
    if (!url) add('online_url', m.onlineUrlRequired);
    else if (!isHttpUrl(url)) add('online_url', ja.validation.url);
  } else if (d.online === false) {
    if (!text(d.state)) add('state', m.stateRequired);
    if (!text(d.address)) add('address', m.addressRequired);
  }
  if (d.set_minimum_number_of_participant_count === true) {
    const min = d.minimum_number_of_participant_count;
    const max = typeof d.recruitment_number === 'number' ? d.recruitment_number : HOST_LIMITS.recruitmentMax;
    if (min === null || min === undefined) add('minimum_number_of_participant_count', m.minimumRequired);
    else if (typeof min !== 'number' || !Number.isInteger(min) || min < 1 || min > max)
      add('minimum_number_of_participant_count', m.minimumRange);
  }
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  if (count(d.calendars) + count(d.recurrence_rules) === 0) add('calendars', m.calendarsRequired);
  return issues;
}

export const experienceSchema = z
  .object(experienceShape)
  .superRefine(
    (data, ctx) => {
      for (const [field, messages] of Object.entries(crossFieldIssues(data as unknown as Loose))) {
        for (const message of messages) ctx.addIssue({ code: 'custom', path: [field], message });
      }
    },
    { when: () => true },
  )
  // The spec's transitions: online empties address and state, in-person clears online_url, an unset minimum is null.
  .transform((d) => ({
    ...d,
    online_url: d.online ? (d.online_url ?? null) : null,
    state: d.online ? null : (d.state ?? null),
    address: d.online ? null : (d.address ?? null),
    minimum_number_of_participant_count: d.set_minimum_number_of_participant_count ? (d.minimum_number_of_participant_count ?? null) : null,
  }));
export type ExperienceInput = z.infer<typeof experienceSchema>;

// ---- Drafts: whatever is filled, within the same lengths and limits ------------------------------------------

export const draftSchema = z.object({
  // A draft needs a title (an empty draft became a 「(タイトル未設定)」 card nobody could tell apart).
  title: z
    .string({ error: ja.details.draftTitleRequired })
    .trim()
    .min(1, ja.details.draftTitleRequired)
    .max(HOST_LIMITS.title, ja.validation.maxLength(f.title, HOST_LIMITS.title)),
  images: z
    .array(imageSchema, { error: m.imageInvalid })
    .max(HOST_LIMITS.images, m.imagesTooMany)
    .refine(distinctObjectKeys, { error: ja.uploads.duplicateImage })
    .nullish()
    .transform((v) => v ?? []),
  online: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  online_url: optionalText(f.onlineUrl, HOST_LIMITS.onlineUrl),
  state: z
    .string()
    .trim()
    .max(10, m.stateUnknown)
    .nullish()
    .transform((v) => v || null),
  address: optionalText(f.address, HOST_LIMITS.address),
  address_displayable: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
  category_id: optionalId,
  themes: z
    .array(themeRef, { error: m.themeUnknown })
    .max(HOST_LIMITS.themes, m.themesTooMany)
    .nullish()
    .transform((v) => v ?? []),
  price: yenField(f.price, false),
  price_side_note: optionalText(f.priceSideNote, HOST_LIMITS.priceSideNote),
  description: optionalText(f.description, HOST_LIMITS.description),
  inspiration: optionalText(f.inspiration, HOST_LIMITS.inspiration),
  note: optionalText(f.note, HOST_LIMITS.note),
  recruitment_number: z
    .number({ error: m.recruitmentRange })
    .int(m.recruitmentRange)
    .min(HOST_LIMITS.recruitmentMin, m.recruitmentRange)
    .max(HOST_LIMITS.recruitmentMax, m.recruitmentRange)
    .nullish()
    .transform((v) => v ?? null),
  reservation_deadline: z
    .enum(RESERVATION_DEADLINE_CHOICES, { error: m.deadlineRequired })
    .nullish()
    .transform((v) => v ?? null),
  set_minimum_number_of_participant_count: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  minimum_number_of_participant_count: z
    .number({ error: m.minimumRange })
    .int(m.minimumRange)
    .min(1, m.minimumRange)
    .max(HOST_LIMITS.recruitmentMax, m.minimumRange)
    .nullish()
    .transform((v) => v ?? null),
  cancellation_period: z
    .number({ error: m.cancellationRequired })
    .refine((v) => (CANCELLATION_PERIOD_CHOICES as readonly number[]).includes(v), m.cancellationRequired)
    .meta({ enum: [...CANCELLATION_PERIOD_CHOICES] })
    .nullish()
    .transform((v) => v ?? null),
  reservation_notice: optionalText(f.reservationNotice, HOST_LIMITS.reservationNotice),
  options: optionsField(false),
  calendars: z
    .array(calendarEntrySchema)
    .max(HOST_LIMITS.calendars, m.calendarsTooMany(HOST_LIMITS.calendars))
    .nullish()
    // A draft's slots are not slots yet: ids mean nothing here.
    .transform((v) => (v ?? []).map((c) => ({ ...c, id: null }))),
  recurrence_rules: z
    .array(recurrenceRuleSchema)
    .max(HOST_LIMITS.recurrenceRules, m.rulesTooMany(HOST_LIMITS.recurrenceRules))
    .nullish()
    .transform((v) => v ?? []),
  community_id: optionalId,
  proxy_user_id: optionalId,
});
export type DraftInput = z.infer<typeof draftSchema>;

/** The stored draft fields (everything but the images, which are rows of `images`). */
export type DraftData = Omit<DraftInput, 'images'>;

// ---- Answers (JSON shapes) --------------------------------------------------------------------------------------

export interface ImageJson {
  object_key: string;
  url: string;
}

export interface HostCalendarJson {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  recurrence_rule_uuid: string | null;
  recruitment_number: number;
  participant_number: number;
  accepting_reservation: boolean;
  /** True when the slot has reservations or seats on hold: it cannot be deleted or moved. */
  reserved: boolean;
}

export interface RecurrenceRuleJson {
  uuid: string;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  day_of_week: Weekday[];
}

/**
 * The experience as its host edits it: the public experience JSON (experiences.serializers.ts, privileged), with
 * images carrying their object_key (so the form can send them back), its future slots and its rules.
 */
export type HostExperienceJson = Omit<ExperienceJson, 'images'> & {
  images: ImageJson[];
  calendars: HostCalendarJson[];
  recurrence_rules: RecurrenceRuleJson[];
};

export type DraftJson = { id: number; images: ImageJson[] } & DraftData;

export interface ExperienceListItem {
  id: number;
  title: string;
  images: ImageJson[];
  approve: boolean;
}

export interface DraftListItem {
  id: number;
  title: string | null;
  images: ImageJson[];
}

export interface Choice {
  id: number;
  name: string;
}

/** Choice lists of the form. */
export interface FormChoices {
  categories: Choice[];
  themes: Choice[];
  prefectures: Choice[];
  /** The signed-in member's ambassador's communities (empty when the user is not an ambassador member). */
  communities: Choice[];
}

// ---- Response schemas (the OpenAPI document); `satisfies` keeps them and the types above the same shape.

const formImageJsonSchema = z.object({ object_key: z.string(), url: z.string() }) satisfies z.ZodType<ImageJson>;

const hostCalendarJsonSchema = z.object({
  id: idJson(),
  date: dateJson(),
  start_time: timeJson(),
  end_time: timeJson(),
  recurrence_rule_uuid: z.string().nullable(),
  recruitment_number: countJson(),
  participant_number: countJson(),
  accepting_reservation: z.boolean(),
  reserved: z.boolean(),
}) satisfies z.ZodType<HostCalendarJson>;

const recurrenceRuleJsonSchema = z.object({
  uuid: z.string(),
  start_date: dateJson(),
  end_date: dateJson(),
  start_time: timeJson(),
  end_time: timeJson(),
  day_of_week: z.array(z.enum(WEEKDAYS)),
}) satisfies z.ZodType<RecurrenceRuleJson>;

export const hostExperienceJsonSchema = experienceJsonSchema
  .omit({ images: true })
  .extend({
    images: z.array(formImageJsonSchema),
    calendars: z.array(hostCalendarJsonSchema),
    recurrence_rules: z.array(recurrenceRuleJsonSchema),
  })
  .meta({
    id: 'HostExperience',
    description: 'ホストが編集する体験（今後の日程と繰り返しルールつき）',
  }) satisfies z.ZodType<HostExperienceJson>;

const nullableText = () => z.string().nullable();
const nullableCount = () => z.number().int().nullable();

export const draftJsonSchema = z
  .object({
    id: idJson(),
    images: z.array(formImageJsonSchema),
    // A draft has a title (one saved before titles were required reads as '').
    title: z.string(),
    online: z.boolean().nullable(),
    online_url: nullableText(),
    state: nullableText(),
    address: nullableText(),
    address_displayable: z.boolean(),
    category_id: idJson().nullable(),
    themes: z.array(z.object({ id: idJson() })),
    price: nullableCount(),
    price_side_note: nullableText(),
    description: nullableText(),
    inspiration: nullableText(),
    note: nullableText(),
    recruitment_number: nullableCount(),
    reservation_deadline: z.enum(RESERVATION_DEADLINE_CHOICES).nullable(),
    set_minimum_number_of_participant_count: z.boolean().nullable(),
    minimum_number_of_participant_count: nullableCount(),
    cancellation_period: nullableCount(),
    reservation_notice: nullableText(),
    options: z.array(z.object({ id: idJson().nullable(), name: z.string(), description: z.string(), price: nullableCount() })),
    calendars: z.array(
      z.object({
        id: z.null(),
        date: z.string(),
        start_time: z.string(),
        end_time: z.string(),
        recurrence_rule_uuid: z.string().nullable(),
      }),
    ),
    recurrence_rules: z.array(
      z.object({
        uuid: z.string().nullable(),
        start_date: z.string(),
        end_date: z.string(),
        start_time: z.string(),
        end_time: z.string(),
        day_of_week: z.array(z.enum(WEEKDAYS)),
      }),
    ),
    community_id: idJson().nullable(),
    proxy_user_id: idJson().nullable(),
  })
  .meta({ id: 'ExperienceDraft', description: '体験の下書き（未入力の項目は null）' }) satisfies z.ZodType<DraftJson>;

/** Cards per page of the host's own lists, experiences and drafts alike (GET /api/v1/experiences?page=,
 * GET /api/v1/experience_drafts?page=, both tabs of /host/story): a host with thousands of experiences once made one
 * page big enough to exhaust the server's heap. */
export const OWN_EXPERIENCES_PAGE_SIZE = 24;

export interface DraftList {
  experience_drafts: DraftListItem[];
  meta: { current_page: number; total_pages: number; total_count: number };
}

export const draftListJsonSchema = z
  .object({
    experience_drafts: z
      .array(z.object({ id: idJson(), title: z.string().nullable(), images: z.array(formImageJsonSchema) }))
      .max(OWN_EXPERIENCES_PAGE_SIZE),
    meta: pageMetaJson(),
  })
  .meta({
    id: 'ExperienceDraftList',
    description: `自分の下書き（最終更新の新しい順、1ページ${OWN_EXPERIENCES_PAGE_SIZE}件）`,
  }) satisfies z.ZodType<DraftList>;

export const ownExperiencesJsonSchema = z
  .object({
    experiences: z.array(z.object({ id: idJson(), title: z.string(), images: z.array(formImageJsonSchema), approve: z.boolean() })),
    meta: pageMetaJson(),
  })
  .meta({ id: 'OwnExperienceList', description: '自分が主催する体験（新しい順、1ページ24件）' }) satisfies z.ZodType<{
  experiences: ExperienceListItem[];
  meta: { current_page: number; total_pages: number; total_count: number };
}>;
