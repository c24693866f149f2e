// Entity -> JSON for experiences. Server-only (entity types). Reused by the host side for owner responses:
// load with EXPERIENCE_JSON_POPULATE and call toExperienceJson(experience, { privileged: true }).
import type { IExperience } from './experiences.entity';
import type { ExperienceCardRow, ExperienceRow } from './experiences.repository';
import * as ja from '#src/i18n/ja';
import { publicImageJson } from '#src/modules/images/images.schemas';
import type { ExperienceCardJson, ExperienceJson, HostJson, ImageJson } from './experiences.schemas';

/** What toExperienceJson reads; pass it to em.find/findOne as `populate`. */
export const EXPERIENCE_JSON_POPULATE = ['images', 'options', 'themes', 'category', 'prefecture', 'hostUser', 'hostAmbassador'] as const;
/** What toExperienceCardJson reads. */
export const EXPERIENCE_CARD_POPULATE = ['images', 'category', 'prefecture'] as const;

export interface SerializeOptions {
  /**
   * True for the host user, a member of the hosting ambassador and admins: they also see online_url and the
   * address even when address_displayable is false. Guests never see online_url (it is sent after booking).
   */
  privileged: boolean;
}

function ref<T>(value: T | null | undefined): T | null {
  return value ?? null;
}

function images(experience: IExperience): ImageJson[] {
  return experience.images.getItems().map(publicImageJson);
}

function hostOf(experience: IExperience): HostJson {
  if (experience.hostUser) {
    const user = experience.hostUser;
    return { id: user.id, name: user.name, type: 'user', avatar_url: ref(user.avatarUrl) };
  }
  const ambassador = experience.hostAmbassador;
  // The experiences table's check constraint: exactly one of host_user and host_ambassador is set.
  if (!ambassador) throw new Error(`experience ${experience.id} has no host`);
  return { id: ambassador.id, name: ambassador.name, type: 'ambassador', avatar_url: null };
}

function cancellationPolicyName(days: number): string {
  return ja.browse.cancellationPolicyName(days);
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function toExperienceJson(experience: IExperience, options: SerializeOptions): ExperienceJson {
  const { privileged } = options;
  return {
    id: experience.id,
    title: experience.title,
    images: images(experience),
    category_id: experience.category.id,
    category_name: experience.category.name,
    themes: experience.themes
      .getItems()
      .slice()
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map((theme) => ({ id: theme.id, name: theme.name })),
    online: experience.online,
    online_url: privileged ? ref(experience.onlineUrl) : null,
    options: experience.options.getItems().map((option) => ({
      id: option.id,
      name: option.name,
      description: option.description,
      price: option.price,
    })),
    address: privileged || experience.addressDisplayable ? ref(experience.address) : null,
    state: experience.prefecture?.name ?? null,
    prefecture_id: experience.prefecture?.id ?? null,
    price: experience.price,
    price_side_note: experience.priceSideNote,
    description: experience.description,
    inspiration: experience.inspiration,
    note: experience.note,
    recruitment_number: experience.recruitmentNumber,
    set_minimum_number_of_participant_count: experience.setMinimumNumberOfParticipantCount,
    minimum_number_of_participant_count: ref(experience.minimumNumberOfParticipantCount),
    cancellation_period: experience.cancellationPeriod,
    cancellation_policy_name: cancellationPolicyName(experience.cancellationPeriod),
    reservation_notice: ref(experience.reservationNotice),
    reservation_deadline: experience.reservationDeadline as ExperienceJson['reservation_deadline'],
    address_displayable: experience.addressDisplayable,
    community_id: experience.community?.id ?? null,
    host: hostOf(experience),
    hosted_by: experience.hostedBy,
    approve: experience.approve,
    created_at: iso(experience.createdAt),
    updated_at: iso(experience.updatedAt),
  };
}

export function toExperienceCardJson(experience: IExperience): ExperienceCardJson {
  return {
    id: experience.id,
    title: experience.title,
    images: images(experience),
    approve: experience.approve,
    online: experience.online,
    state: experience.prefecture?.name ?? null,
    prefecture_id: experience.prefecture?.id ?? null,
    category_id: experience.category.id,
    category_name: experience.category.name,
    price: experience.price,
    hosted_by: experience.hostedBy,
    review_count: experience.reviewCount,
    average_rate: experience.reviewAverage === null || experience.reviewAverage === undefined ? null : Number(experience.reviewAverage),
  };
}

// ---- The same JSON from the page-shaped rows (experiences.repository.ts findExperienceRow and the card
// rows). tests/api/experience-reads.test.ts compares them field by field with the entity serializers above.

function hostOfRow(row: ExperienceRow): HostJson {
  if (row.host_user_id !== null) {
    return { id: row.host_user_id, name: row.host_user_name ?? '', type: 'user', avatar_url: row.host_user_avatar_url };
  }
  if (row.host_ambassador_id === null) throw new Error(`experience ${row.id} has no host`);
  return { id: row.host_ambassador_id, name: row.host_ambassador_name ?? '', type: 'ambassador', avatar_url: null };
}

export function toExperienceJsonFromRow(row: ExperienceRow, options: SerializeOptions): ExperienceJson {
  const { privileged } = options;
  return {
    id: row.id,
    title: row.title,
    images: row.images.map(publicImageJson),
    category_id: row.category_id,
    category_name: row.category_name,
    themes: row.themes,
    online: row.online,
    online_url: privileged ? row.online_url : null,
    options: row.options,
    address: privileged || row.address_displayable ? row.address : null,
    state: row.prefecture_name,
    prefecture_id: row.prefecture_id,
    price: row.price,
    price_side_note: row.price_side_note,
    description: row.description,
    inspiration: row.inspiration,
    note: row.note,
    recruitment_number: row.recruitment_number,
    set_minimum_number_of_participant_count: row.set_minimum_number_of_participant_count,
    minimum_number_of_participant_count: row.minimum_number_of_participant_count,
    cancellation_period: row.cancellation_period,
    cancellation_policy_name: cancellationPolicyName(row.cancellation_period),
    reservation_notice: row.reservation_notice,
    reservation_deadline: row.reservation_deadline as ExperienceJson['reservation_deadline'],
    address_displayable: row.address_displayable,
    community_id: row.community_id,
    host: hostOfRow(row),
    hosted_by: row.hosted_by,
    approve: row.approve,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toExperienceCardJsonFromRow(row: ExperienceCardRow): ExperienceCardJson {
  return {
    id: row.id,
    title: row.title,
    images: row.images.map(publicImageJson),
    approve: row.approve,
    online: row.online,
    state: row.prefecture_name,
    prefecture_id: row.prefecture_id,
    category_id: row.category_id,
    category_name: row.category_name,
    price: row.price,
    hosted_by: row.hosted_by,
    review_count: row.review_count,
    average_rate: row.review_average === null ? null : Number(row.review_average),
  };
}
