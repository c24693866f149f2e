// Community application: shared by the application form (pages/communities/@id/registrations) and the service.
// Browser-safe: no entity or Node imports. Spec: guest-and-host.md §3 (payload), §5 (rules).
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { isValidYmd } from '#src/lib/isomorphic/dates';
import { textLength } from '#src/lib/isomorphic/text-length';
import { dateJson, dateTimeJson, idJson, oneLine, toHalfWidthDigits } from '#src/lib/isomorphic/validate';
import { APPLICATION_ITEMS_MAX, idField } from './communities.schemas';

const v = ja.communities.validation;

export const GENDERS = ['female', 'male', 'other', 'no_answer'] as const;
export type Gender = (typeof GENDERS)[number];

/** Birth year selector range (spec §5, §9). */
export const BIRTH_YEAR_MIN = 1923;
export const BIRTH_YEAR_MAX = 2023;
export const FULL_NAME_MAX = 100;
export const ADDRESS_MAX = 255;
export const ANSWER_MAX = 2000;

/** 'yyyy-MM-dd' from the year/month/day selectors (spec §3: year, month and day are removed before sending). */
export function buildBirthday(year: string | number, month: string | number, day: string | number): string {
  if (year === '' || month === '' || day === '') return '';
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const birthdaySchema = z
  .string({ error: v.birthdayRequired })
  .min(1, { error: v.birthdayRequired, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: v.birthdayInvalid, abort: true })
  .refine(isValidYmd, { error: v.birthdayInvalid, abort: true })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= BIRTH_YEAR_MIN && year <= BIRTH_YEAR_MAX;
    },
    { error: v.birthYearRange(BIRTH_YEAR_MIN, BIRTH_YEAR_MAX) },
  );

/**
 * A postal code as people type it: full-width digits, a 〒 mark, spaces and one hyphen (any dash) after
 * the third digit (060-0042, ０６０－００４２) all become the seven digits 0600042. Anything else is left for the
 * rules below to refuse.
 */
export function normalizePostalCode(value: string): string {
  const cleaned = toHalfWidthDigits(value)
    .replace(/[\s\u3000〒]/g, '')
    .replace(/[‐‑‒–—―−－ーｰ]/g, '-');
  return /^\d{3}-\d{4}$/.test(cleaned) ? cleaned.replace('-', '') : cleaned;
}

export const postalCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? normalizePostalCode(value) : value),
  z
    .string({ error: v.postalCodeRequired })
    .min(1, { error: v.postalCodeRequired, abort: true })
    .regex(/^\d+$/, { error: v.postalCodeDigits, abort: true })
    .length(7, { error: v.postalCodeLength }),
);

export const answerSchema = z.object(
  {
    community_application_question_id: idField(v.answersInvalid),
    // The length is checked per item with its name in the message (answerError): stated here for the document.
    content: z.preprocess((value) => (value == null ? '' : value), z.string({ error: v.answersInvalid }).meta({ maxLength: ANSWER_MAX })),
  },
  { error: v.answersInvalid },
);

/** The application fields (everything except the per-item answer rules, which need the community's items). */
export const communityApplicationSchema = z.object({
  community_id: idField(v.communityRequired),
  occupation_id: idField(v.occupationRequired),
  full_name: z
    .string({ error: v.fullNameRequired })
    .trim()
    .min(1, { error: v.fullNameRequired, abort: true })
    .max(FULL_NAME_MAX, { error: v.fullNameTooLong })
    .check(oneLine()),
  gender: z.enum(GENDERS, { error: v.genderRequired }),
  postal_code: postalCodeSchema,
  address: z.preprocess(
    (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? null : value),
    z.string({ error: v.addressTooLong }).trim().max(ADDRESS_MAX, { error: v.addressTooLong }).check(oneLine()).nullable(),
  ),
  birthday: birthdaySchema,
  answers: z.preprocess(
    (value) => (value == null ? [] : value),
    z.array(answerSchema, { error: v.answersInvalid }).max(APPLICATION_ITEMS_MAX, { error: v.answersInvalid }),
  ),
});

export type CommunityApplicationInput = z.input<typeof communityApplicationSchema>;
export type CommunityApplicationData = z.output<typeof communityApplicationSchema>;

export interface ApplicationItemRule {
  id: number;
  name: string;
  required: boolean;
  disabled: boolean;
}

export interface CheckedAnswer {
  questionId: number;
  content: string;
}

/**
 * The rule of one answer to one visible item: required per the item's flag, at most ANSWER_MAX characters.
 * `content` is trimmed by the caller. The form shows it next to the item; checkAnswers applies it on the server.
 */
export function answerError(item: Pick<ApplicationItemRule, 'name' | 'required'>, content: string): string | null {
  if (content === '') return item.required ? v.answerRequired(item.name) : null;
  if (textLength(content) > ANSWER_MAX) return v.answerTooLong(item.name, ANSWER_MAX);
  return null;
}

/**
 * The per-item answer rules (spec §5): required per the item's flag, hidden (disabled) items are not accepted,
 * answers to items of another community are refused, one answer per item. Blank optional answers are dropped.
 * `items` are all the items of the community, hidden ones included. Pure: used by the form and the service.
 */
export function checkAnswers(
  items: ApplicationItemRule[],
  answers: { community_application_question_id: number; content: string }[],
): { errors: string[]; answers: CheckedAnswer[] } {
  const errors = new Set<string>();
  const byId = new Map(items.map((item) => [item.id, item]));
  const given = new Map<number, string>();
  for (const answer of answers) {
    const item = byId.get(answer.community_application_question_id);
    if (!item) errors.add(v.answerUnknownItem);
    else if (item.disabled) errors.add(v.answerDisabledItem);
    else if (given.has(item.id)) errors.add(v.answerDuplicate);
    else given.set(item.id, answer.content.trim());
  }
  const checked: CheckedAnswer[] = [];
  for (const item of items) {
    if (item.disabled) continue;
    const content = given.get(item.id) ?? '';
    const error = answerError(item, content);
    if (error) errors.add(error);
    else if (content !== '') checked.push({ questionId: item.id, content });
  }
  return { errors: [...errors], answers: checked };
}

export interface OccupationOption {
  id: number;
  name: string;
}

export interface CommunityApplicationResult {
  id: number;
  community_id: number;
  occupation_id: number;
  full_name: string;
  gender: Gender;
  postal_code: string;
  address: string | null;
  birthday: string;
  answers: { community_application_question_id: number; content: string }[];
  created_at: string;
}

/** Session flag that lets /communities/{id}/registrations/complete show the completion text. */
export function applicationFlag(communityId: number): string {
  return `communityApplication:${communityId}`;
}

// ---- Response schema (the OpenAPI document); `satisfies` keeps it and the type above the same shape.

export const communityApplicationJsonSchema = z
  .object({
    id: idJson(),
    community_id: idJson(),
    occupation_id: idJson(),
    full_name: z.string(),
    gender: z.enum(GENDERS),
    postal_code: z.string(),
    address: z.string().nullable(),
    birthday: dateJson(),
    answers: z.array(z.object({ community_application_question_id: idJson(), content: z.string() })),
    created_at: dateTimeJson(),
  })
  .meta({ id: 'CommunityApplication', description: '受け付けた参加申込' }) satisfies z.ZodType<CommunityApplicationResult>;
