// Community application: shared by the application form (pages/communities/@id/registrations) and the service.
// Browser-safe: no entity or Node imports. Spec: guest-and-host.md §3 (payload), §5 (rules).
import { z } from 'zod';
import { ja } from '#src/i18n/ja';
import { isValidYmd } from '#src/lib/dates';
import { sortedImageJson, type ImageRow } from '#src/modules/images/images.schemas';

const v = ja.communities.validation;

export const GENDERS = ['female', 'male', 'other', 'no_answer'] as const;
export type Gender = (typeof GENDERS)[number];

/** Birth year selector range (spec §5, §9). */
export const BIRTH_YEAR_MIN = 1923;
export const BIRTH_YEAR_MAX = 2023;
export const FULL_NAME_MAX = 100;
export const ADDRESS_MAX = 255;
export const ANSWER_MAX = 2000;
/** Application items per community (admin-and-brand-portal.md §5). */
export const APPLICATION_ITEMS_MAX = 10;

/** Full-width digits (common with Japanese IMEs) become ASCII digits; nothing else is rewritten. */
export function toHalfWidthDigits(value: string): string {
  return value.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

/** An id sent as a number, or as a digit string from a form select. */
function idField(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message }),
  );
}

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

export const postalCodeSchema = z.preprocess(
  (value) => (typeof value === 'string' ? toHalfWidthDigits(value.trim()) : value),
  z
    .string({ error: v.postalCodeRequired })
    .min(1, { error: v.postalCodeRequired, abort: true })
    .regex(/^\d+$/, { error: v.postalCodeDigits, abort: true })
    .length(7, { error: v.postalCodeLength }),
);

export const answerSchema = z.object(
  {
    community_application_question_id: idField(v.answersInvalid),
    content: z.preprocess((value) => (value == null ? '' : value), z.string({ error: v.answersInvalid })),
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
    .max(FULL_NAME_MAX, { error: v.fullNameTooLong }),
  gender: z.enum(GENDERS, { error: v.genderRequired }),
  postal_code: postalCodeSchema,
  address: z.preprocess(
    (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? null : value),
    z.string({ error: v.addressTooLong }).trim().max(ADDRESS_MAX, { error: v.addressTooLong }).nullable(),
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
    if (content === '') {
      if (item.required) errors.add(v.answerRequired(item.name));
      continue;
    }
    if (content.length > ANSWER_MAX) errors.add(v.answerTooLong(item.name, ANSWER_MAX));
    else checked.push({ questionId: item.id, content });
  }
  return { errors: [...errors], answers: checked };
}

/** What the public community page and the application form receive (GET /api/v1/communities/{id}/detail). */
export interface CommunityImage {
  url: string;
  object_key: string;
  sort_order: number;
}

export interface CommunityCardData {
  id: number;
  name: string;
  image_url: string | null;
  catchphrase: string;
  location: string;
}

/** What toCommunityCard reads from a loaded community (images populated). */
export interface CommunityCardSource {
  id: number;
  name: string;
  catchphrase: string;
  location: string;
  images: { getItems(): ImageRow[] };
}

/** A loaded community as the card shown on brand and ambassador pages. */
export function toCommunityCard(community: CommunityCardSource): CommunityCardData {
  return {
    id: community.id,
    name: community.name,
    catchphrase: community.catchphrase,
    location: community.location,
    image_url: sortedImageJson(community.images)[0]?.url ?? null,
  };
}

export interface PartnerSummary {
  id: number;
  name: string;
  image_url: string | null;
}

export interface CommunityDetail {
  id: number;
  name: string;
  catchphrase: string;
  host_name: string;
  host_description: string;
  description: string;
  activity_description: string;
  important_thing: string;
  ideal_candidate_profile: string;
  participation_condition: string;
  location: string;
  note: string | null;
  image_url: string | null;
  images: CommunityImage[];
  /** Visible items only, in their order. */
  application_items: { id: number; name: string; required: boolean }[];
  brands: PartnerSummary[];
  ambassadors: PartnerSummary[];
  /** Whether the signed-in user has already applied (false when signed out). */
  applied: boolean;
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
