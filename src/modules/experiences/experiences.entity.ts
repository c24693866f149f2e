import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { Community } from '#src/modules/communities/communities.entity';
import { Category, Prefecture, Theme } from '#src/modules/reference/reference.entity';
import { Image } from '#src/modules/images/images.entity';
import { Calendar, RecurrenceRule } from '#src/modules/calendars/calendars.entity';
import { RESERVATION_DEADLINE_CHOICES } from '#src/modules/experiences/experience-form.shared';
import { Timestamped } from '#src/lib/base.entity';

/**
 * An experience (a "story" or "tour"). Hosted by exactly one of a user or an ambassador (CHECK). approve = false
 * means publication requested, true means published.
 */
export const Experience = defineEntity({
  name: 'Experience',
  tableName: 'experiences',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    // Hosts and the creator are history: a user or ambassador with experiences cannot be deleted (RESTRICT);
    // SET NULL would also break the exactly-one-host CHECK.
    hostUser: () => p.manyToOne(User).nullable().deleteRule('restrict'),
    hostAmbassador: () => p.manyToOne(Ambassador).nullable().deleteRule('restrict'),
    /** Display name of the host as shown on the page (spec: hosted_by). */
    hostedBy: p.string().length(255),
    /** Who submitted it (an admin acting for a host through proxy_user_id, or the host). */
    createdBy: () => p.manyToOne(User).deleteRule('restrict'),
    title: p.string().length(100),
    category: () => p.manyToOne(Category).deleteRule('restrict'),
    themes: () => p.manyToMany(Theme).owner().pivotTable('experience_themes').joinColumn('experience_id').inverseJoinColumn('theme_id'),
    online: p.boolean().default(false),
    onlineUrl: p.string().length(1000).nullable(),
    address: p.text().nullable(),
    /** API field `state` is the prefecture's name. Null for online experiences. */
    prefecture: () => p.manyToOne(Prefecture).nullable().deleteRule('restrict'),
    /** Yen per person per date, tax included. */
    price: p.integer(),
    priceSideNote: p.text(),
    description: p.text(),
    inspiration: p.text(),
    note: p.text(),
    recruitmentNumber: p.integer().default(1),
    setMinimumNumberOfParticipantCount: p.boolean().default(false),
    minimumNumberOfParticipantCount: p.integer().nullable(),
    /** 2, 7 or 30 (days). */
    cancellationPeriod: p.integer(),
    reservationNotice: p.text().nullable(),
    reservationDeadline: p.enum([...RESERVATION_DEADLINE_CHOICES]).default('the_day_before'),
    addressDisplayable: p.boolean().default(true),
    community: () => p.manyToOne(Community).nullable().deleteRule('set null'),
    approve: p.boolean().default(false),
    approvedAt: p.datetime().nullable(),
    /**
     * What keyword search matches, written by the experiences_search_text trigger (title, host name,
     * place, description; NFKC, lower case, katakana as hiragana). Never set by the app, never loaded.
     */
    searchText: p.text().default('').lazy(),
    /** The distinct two-character pieces of searchText (the same trigger), for two-character terms. */
    searchBigrams: p.array().default([]).lazy(),
    /**
     * The rating summary, written only by the reviews_summary trigger in the transaction that writes a review
     * (Migration20261129160000_guest_features): the number of reviews, the sum of their rates and the mean to one
     * decimal (null without reviews). Never set by the app.
     */
    reviewCount: p.integer().default(0),
    reviewRateSum: p.decimal('number').precision(9).scale(1).default(0).lazy(),
    reviewAverage: p.decimal('number').precision(2).scale(1).nullable(),
    options: () => p.oneToMany(ExperienceOption).mappedBy('experience').orderBy({ sortOrder: 'asc', id: 'asc' }),
    images: () => p.oneToMany(Image).mappedBy('experience').orderBy({ sortOrder: 'asc', id: 'asc' }),
    calendars: () => p.oneToMany(Calendar).mappedBy('experience'),
    recurrenceRules: () => p.oneToMany(RecurrenceRule).mappedBy('experience'),
  },
  checks: [
    { name: 'experiences_exactly_one_host', expression: 'num_nonnulls(host_user_id, host_ambassador_id) = 1' },
    { name: 'experiences_price_non_negative', expression: 'price >= 0' },
    { name: 'experiences_recruitment_number_range', expression: 'recruitment_number >= 1 and recruitment_number <= 30' },
    {
      name: 'experiences_minimum_participant_count_range',
      expression:
        'minimum_number_of_participant_count is null or (minimum_number_of_participant_count >= 1 and minimum_number_of_participant_count <= recruitment_number)',
    },
    { name: 'experiences_cancellation_period_values', expression: 'cancellation_period in (2, 7, 30)' },
    { name: 'experiences_approved_at', expression: 'not approve or approved_at is not null' },
    {
      name: 'experiences_review_summary',
      expression: 'review_count >= 0 and review_rate_sum >= 0 and (review_count = 0) = (review_average is null)',
    },
  ],
  indexes: [
    // The admin approval queue and the portal's ambassador filter (Migration20261129130000_list_filters).
    {
      name: 'experiences_pending_updated_at_index',
      expression: 'create index "experiences_pending_updated_at_index" on "experiences" ("updated_at" desc, "id" desc) where not approve',
    },
    {
      name: 'experiences_pending_keyword_index',
      expression: `create index "experiences_pending_keyword_index" on "experiences" using gin ((lower("title" || ' ' || "hosted_by")) gin_trgm_ops) where not approve`,
    },
    {
      name: 'experiences_community_ambassador_index',
      expression: 'create index "experiences_community_ambassador_index" on "experiences" ("community_id", "host_ambassador_id")',
    },
    // Public list (published, newest first) and the admin/host lists.
    { name: 'experiences_approve_created_at_index', columns: [{ name: 'approve' }, { name: 'created_at', sort: 'desc' }] },
    { properties: ['hostUser', 'createdAt'] },
    { properties: ['hostAmbassador', 'createdAt'] },
    { properties: ['createdBy'] },
    { properties: ['category'] },
    // Covering: an area's candidates are read from the index alone (Migration20261126100000_search_area_index).
    {
      name: 'experiences_prefecture_id_index',
      expression:
        'create index "experiences_prefecture_id_index" on "experiences" ("prefecture_id") include ("id", "approve", "recruitment_number", "price", "online", "category_id", "reservation_deadline", "created_at")',
    },
    { properties: ['community'] },
    // Migration20261123130000_search: keyword search, keyed by prefecture too, so an area's matches are
    // read alone (Migration20261127100000_search_area_keyword); and the public list's order.
    {
      name: 'experiences_search_text_trgm_index',
      expression:
        'create index "experiences_search_text_trgm_index" on "experiences" using gin ("prefecture_id", "search_text" gin_trgm_ops)',
    },
    {
      name: 'experiences_search_bigrams_index',
      expression: 'create index "experiences_search_bigrams_index" on "experiences" using gin ("prefecture_id", "search_bigrams")',
    },
    {
      name: 'experiences_public_list_index',
      expression: 'create index "experiences_public_list_index" on "experiences" ("created_at" desc, "id" desc) where approve',
    },
    // The published list in the rating order (stories-search.ts, experiences.shared.ts RATING_MIN_REVIEWS).
    {
      name: 'experiences_rating_list_index',
      expression:
        'create index "experiences_rating_list_index" on "experiences" (("review_count" >= 3) desc, "review_average" desc nulls last, "review_count" desc, "created_at" desc, "id" desc) where approve',
    },
  ],
});

/** A bookable extra of an experience (max 5 per experience, enforced by the service). */
export const ExperienceOption = defineEntity({
  name: 'ExperienceOption',
  tableName: 'experience_options',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    experience: () => p.manyToOne(Experience).deleteRule('cascade'),
    name: p.string().length(255),
    description: p.text(),
    /** Yen per person per date. */
    price: p.integer(),
    sortOrder: p.integer().default(0),
  },
  checks: [{ name: 'experience_options_price_non_negative', expression: 'price >= 0' }],
  indexes: [{ properties: ['experience', 'sortOrder'] }],
});

export type IExperience = InferEntity<typeof Experience>;
export type IExperienceOption = InferEntity<typeof ExperienceOption>;
