// The host experience form's rules (guest-and-host.md §5), shared by the form pages, the API and the services.
// Browser-safe: no entities, no Node imports. Its prices and options are in experience-options.schemas.ts, its slots in
// calendars/calendar-plan.schemas.ts, the drafts' lenient rules in experience-drafts.schemas.ts; checks that need the
// database (category, themes, prefecture, community, slot reservations) live in experiences.host.service.ts and
// calendars/calendar-plan.ts.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { idJson, oneLine, optionalText, pageMetaJson, requiredText, type InputOf, type TextOptions } from '#src/lib/isomorphic/validate';
import {
  calendarEntrySchema,
  hostCalendarJsonSchema,
  optionalId,
  recurrenceRuleJsonSchema,
  recurrenceRuleSchema,
  type HostCalendarJson,
  type RecurrenceRuleJson,
} from '#src/modules/calendars/calendar-plan.schemas';
import { distinctObjectKeys, imageAltField } from '#src/modules/images/images.schemas';
import type { listQuerySchema } from '#src/modules/partners/partners.schemas';
import { experienceJsonSchema, type ExperienceJson } from './experiences.schemas';
import { CANCELLATION_PERIOD_CHOICES, HOST_LIMITS, RESERVATION_DEADLINE_CHOICES } from './experience-form.shared';
import { optionsField, yenField } from './experience-options.schemas';

const m = ja.hostStory.errors;
const f = ja.hostStory.fields;

/** The one-shot session flag that lets /host_story/complete show its message once (set by POST /experiences). */
export const HOST_STORY_COMPLETE_FLAG = 'host_story_complete';

/** A required text of the form, its label in the messages: validate.ts requiredText, one line unless `multiLine`. */
const requiredField = (label: string, max: number, options?: TextOptions) =>
  requiredText(ja.validation.requiredField(label), ja.validation.maxLength(label, max), max, options);

/** An optional text of the form (empty becomes null): validate.ts optionalText, one line unless `multiLine`. */
export const optionalField = (label: string, max: number, options?: TextOptions) =>
  optionalText(ja.validation.maxLength(label, max), max, options);

/** The number of seats a slot offers: a whole number within the form's limits (a draft may leave it out). */
export const recruitmentNumber = () =>
  z
    .number({ error: m.recruitmentRange })
    .int(m.recruitmentRange)
    .min(HOST_LIMITS.recruitmentMin, m.recruitmentRange)
    .max(HOST_LIMITS.recruitmentMax, m.recruitmentRange);

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

export const imageSchema = z.object(
  {
    object_key: z.string({ error: m.imageInvalid }).trim().min(1, m.imageInvalid).max(500, m.imageInvalid).check(oneLine()),
    url: z
      .string({ error: m.imageInvalid })
      .trim()
      .min(1, m.imageInvalid)
      .max(1000, m.imageInvalid)
      .check(oneLine())
      .refine(isImageUrl, m.imageInvalid),
    /** The photo's text for people who cannot see it: one line, optional (blank is none, stored as null). */
    alt: imageAltField(),
  },
  { error: m.imageInvalid },
);

export const themeRef = z.object({ id: z.number({ error: m.themeUnknown }).int().positive(m.themeUnknown) }, { error: m.themeUnknown });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

// ---- The experience (publication request and update) ----------------------------------------------------------

const experienceShape = {
  title: requiredField(f.title, HOST_LIMITS.title),
  images: z
    .array(imageSchema, { error: m.imagesRequired })
    .min(1, m.imagesRequired)
    .max(HOST_LIMITS.images, m.imagesTooMany)
    .refine(distinctObjectKeys, { error: ja.uploads.duplicateImage }),
  online: z.boolean({ error: m.onlineRequired }),
  online_url: z
    .string()
    .trim()
    .max(HOST_LIMITS.onlineUrl, ja.validation.maxLength(f.onlineUrl, HOST_LIMITS.onlineUrl))
    .check(oneLine())
    .nullish(),
  /** The prefecture's name (spec: state). */
  state: z.string().trim().max(10, m.stateUnknown).check(oneLine()).nullish(),
  address: z.string().trim().max(HOST_LIMITS.address, ja.validation.maxLength(f.address, HOST_LIMITS.address)).check(oneLine()).nullish(),
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
  price_side_note: requiredField(f.priceSideNote, HOST_LIMITS.priceSideNote, { multiLine: true }),
  description: requiredField(f.description, HOST_LIMITS.description, { multiLine: true }),
  inspiration: requiredField(f.inspiration, HOST_LIMITS.inspiration, { multiLine: true }),
  note: requiredField(f.note, HOST_LIMITS.note, { multiLine: true }),
  recruitment_number: recruitmentNumber(),
  reservation_deadline: z.enum(RESERVATION_DEADLINE_CHOICES, { error: m.deadlineRequired }),
  set_minimum_number_of_participant_count: z.boolean({ error: m.minimumToggleRequired }),
  minimum_number_of_participant_count: z.number({ error: m.minimumRange }).int(m.minimumRange).nullish(),
  cancellation_period: z
    .number({ error: m.cancellationRequired })
    .refine((v) => (CANCELLATION_PERIOD_CHOICES as readonly number[]).includes(v), m.cancellationRequired)
    .meta({ enum: [...CANCELLATION_PERIOD_CHOICES] }),
  reservation_notice: optionalField(f.reservationNotice, HOST_LIMITS.reservationNotice, { multiLine: true }),
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
export type ExperienceFormInput = InputOf<typeof experienceSchema>;
export type ExperienceData = z.output<typeof experienceSchema>;

// ---- Answers (JSON shapes) --------------------------------------------------------------------------------------

/** An uploaded image as the upload forms hold it (the photo uploader of every form). */
export interface ImageJson {
  object_key: string;
  url: string;
}

/** An experience's or a draft's photo as its host edits it: the image and its alt text (null: none written). */
export interface ExperienceImageJson extends ImageJson {
  alt: string | null;
}

/**
 * The experience as its host edits it: the public experience JSON (experiences.serializers.ts, privileged), with
 * images carrying their object_key (so the form can send them back), its future slots and its rules.
 */
export type HostExperienceJson = Omit<ExperienceJson, 'images'> & {
  images: ExperienceImageJson[];
  calendars: HostCalendarJson[];
  recurrence_rules: RecurrenceRuleJson[];
};

export interface ExperienceListItem {
  id: number;
  title: string;
  images: ExperienceImageJson[];
  approve: boolean;
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

export const formImageJsonSchema = z.object({
  object_key: z.string(),
  url: z.string(),
  alt: z.string().nullable().meta({ description: '写真の説明（代替テキスト）。書かれていなければ null' }),
}) satisfies z.ZodType<ExperienceImageJson>;

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

/** Cards per page of the host's own lists, experiences and drafts alike (GET /api/v1/experiences?page=,
 * GET /api/v1/experience_drafts?page=, both tabs of /host/story): a host with thousands of experiences once made one
 * page big enough to exhaust the server's heap. */
export const OWN_EXPERIENCES_PAGE_SIZE = 24;
/** ?page= of the host's own lists (GET /api/v1/experiences and /experience_drafts); absent is page 1. */
export type OwnListQuery = InputOf<typeof listQuerySchema>;

export const ownExperiencesJsonSchema = z
  .object({
    experiences: z.array(z.object({ id: idJson(), title: z.string(), images: z.array(formImageJsonSchema), approve: z.boolean() })),
    meta: pageMetaJson(),
  })
  .meta({ id: 'OwnExperienceList', description: '自分が主催する体験（新しい順、1ページ24件）' }) satisfies z.ZodType<{
  experiences: ExperienceListItem[];
  meta: { current_page: number; total_pages: number; total_count: number };
}>;
