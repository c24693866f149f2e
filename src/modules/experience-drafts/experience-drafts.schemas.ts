// A host's experience draft: whatever is filled, within the experience form's lengths and limits (the full rules
// apply when it becomes a publication request), its JSON and the host's list of drafts. Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { idJson, oneLine, pageMetaJson, type InputOf } from '#src/lib/isomorphic/validate';
import { WEEKDAYS } from '#src/modules/calendars/recurrence';
import { calendarEntrySchema, optionalId, recurrenceRuleSchema } from '#src/modules/calendars/calendar-plan.schemas';
import { distinctObjectKeys } from '#src/modules/images/images.schemas';
import { CANCELLATION_PERIOD_CHOICES, HOST_LIMITS, RESERVATION_DEADLINE_CHOICES } from '#src/modules/experiences/experience-form.shared';
import { optionsField, yenField } from '#src/modules/experiences/experience-options.schemas';
import {
  formImageJsonSchema,
  imageSchema,
  optionalField,
  OWN_EXPERIENCES_PAGE_SIZE,
  recruitmentNumber,
  themeRef,
  type ExperienceImageJson,
} from '#src/modules/experiences/experiences.host.schemas';

const m = ja.hostStory.errors;
const f = ja.hostStory.fields;

export const draftSchema = z.object({
  // A draft needs a title (an empty draft became a 「(タイトル未設定)」 card nobody could tell apart).
  title: z
    .string({ error: ja.details.draftTitleRequired })
    .trim()
    .min(1, ja.details.draftTitleRequired)
    .max(HOST_LIMITS.title, ja.validation.maxLength(f.title, HOST_LIMITS.title))
    .check(oneLine()),
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
  online_url: optionalField(f.onlineUrl, HOST_LIMITS.onlineUrl),
  state: z
    .string()
    .trim()
    .max(10, m.stateUnknown)
    .check(oneLine())
    .nullish()
    .transform((v) => v || null),
  address: optionalField(f.address, HOST_LIMITS.address),
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
  price_side_note: optionalField(f.priceSideNote, HOST_LIMITS.priceSideNote, { multiLine: true }),
  description: optionalField(f.description, HOST_LIMITS.description, { multiLine: true }),
  inspiration: optionalField(f.inspiration, HOST_LIMITS.inspiration, { multiLine: true }),
  note: optionalField(f.note, HOST_LIMITS.note, { multiLine: true }),
  recruitment_number: recruitmentNumber()
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
  reservation_notice: optionalField(f.reservationNotice, HOST_LIMITS.reservationNotice, { multiLine: true }),
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
export type DraftFormInput = InputOf<typeof draftSchema>;
export type DraftFormData = z.output<typeof draftSchema>;

/** The stored draft fields (everything but the images, which are rows of `images`). */
export type DraftData = Omit<DraftFormData, 'images'>;

export type DraftJson = { id: number; images: ExperienceImageJson[] } & DraftData;

export interface DraftListItem {
  id: number;
  title: string | null;
  images: ExperienceImageJson[];
}

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

// `satisfies` keeps the response schemas (the OpenAPI document) and the types above the same shape.

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
