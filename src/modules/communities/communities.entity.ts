import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Occupation } from '#src/modules/reference/reference.entity';
import { Image } from '#src/modules/images/images.entity';
import { GENDERS } from '#src/modules/communities/community-application.schemas';
import { Timestamped } from '#src/lib/base.entity';

// Limited texts are `text` columns with named CHECKs (not varchar(n)) so a violation surfaces as a named
// constraint the error handler can map, and the limit lives in one place per column.
export const Community = defineEntity({
  name: 'Community',
  tableName: 'communities',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    name: p.text(),
    hostName: p.text(),
    published: p.boolean().default(false),
    hostDescription: p.text(),
    description: p.text(),
    activityDescription: p.text(),
    importantThing: p.text(),
    idealCandidateProfile: p.text(),
    participationCondition: p.text(),
    note: p.text().nullable(),
    location: p.text(),
    catchphrase: p.text(),
    /** How many brands have the community: kept by a trigger on brand_communities (the admin list's ブランド: なし). */
    brandCount: p.integer().default(0).hidden(),
    images: () => p.oneToMany(Image).mappedBy('community').orderBy({ sortOrder: 'asc', id: 'asc' }),
    questions: () => p.oneToMany(CommunityApplicationQuestion).mappedBy('community'),
  },
  checks: [
    { name: 'communities_name_length', expression: 'char_length(name) >= 1 and char_length(name) <= 255' },
    { name: 'communities_host_name_length', expression: 'char_length(host_name) <= 255' },
    { name: 'communities_location_length', expression: 'char_length(location) <= 255' },
    { name: 'communities_catchphrase_length', expression: 'char_length(catchphrase) <= 40' },
    { name: 'communities_brand_count_check', expression: 'brand_count >= 0' },
  ],
  indexes: [
    { properties: ['published', 'createdAt'] },
    // The admin and portal lists' order, filters and keyword (Migration20261129130000_list_filters); two-character
    // keywords are in community_keyword_bigrams (Migration20261130110000_community_keyword_bigrams).
    {
      name: 'communities_created_at_id_index',
      expression: 'create index "communities_created_at_id_index" on "communities" ("created_at" desc, "id" desc)',
    },
    {
      name: 'communities_keyword_index',
      expression: `create index "communities_keyword_index" on "communities" using gin ((lower("name" || ' ' || "host_name")) gin_trgm_ops)`,
    },
    // ブランド: なし (Migration20261130150000_community_brand_count).
    {
      name: 'communities_no_brand_index',
      expression: 'create index "communities_no_brand_index" on "communities" ("created_at" desc, "id" desc) where "brand_count" = 0',
    },
  ],
});

/** A community's application item (spec: application_items). Hidden items have disabled = true. */
export const CommunityApplicationQuestion = defineEntity({
  name: 'CommunityApplicationQuestion',
  tableName: 'community_application_questions',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    community: () => p.manyToOne(Community).deleteRule('cascade'),
    name: p.text(),
    required: p.boolean().default(false),
    disabled: p.boolean().default(false),
    sortOrder: p.integer().default(0),
  },
  indexes: [{ properties: ['community', 'sortOrder'] }],
});

export const CommunityApplication = defineEntity({
  name: 'CommunityApplication',
  tableName: 'community_applications',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    community: () => p.manyToOne(Community).deleteRule('cascade'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    occupation: () => p.manyToOne(Occupation).deleteRule('restrict'),
    fullName: p.string().length(255),
    gender: p.enum([...GENDERS]),
    /** Digits only, no hyphen (guest-and-host.md §5). */
    postalCode: p.string().length(10),
    /** Not among the required fields of the spec. */
    address: p.text().nullable(),
    /** 'yyyy-MM-dd' */
    birthday: p.date(),
    /** Handled (true) / unhandled (false) in the brand portal. */
    resolved: p.boolean().default(false),
    answers: () => p.oneToMany(CommunityApplicationAnswer).mappedBy('application'),
  },
  uniques: [{ name: 'community_applications_community_id_user_id_unique', properties: ['community', 'user'] }],
  indexes: [
    { properties: ['user'] },
    // The admin and portal lists' order, filters and keyword (Migration20261129130000_list_filters, Migration20261130090000_list_paging);
    // the portal's two by community carry the name its keyword searches (Migration20261130130000_application_name_in_index).
    {
      name: 'community_applications_community_id_created_at_index',
      expression:
        'create index "community_applications_community_id_created_at_index" on "community_applications" ("community_id", "created_at" desc, "id" desc) include ("full_name")',
    },
    {
      name: 'community_applications_created_at_id_index',
      expression: 'create index "community_applications_created_at_id_index" on "community_applications" ("created_at" desc, "id" desc)',
    },
    {
      name: 'community_applications_resolved_index',
      expression:
        'create index "community_applications_resolved_index" on "community_applications" ("community_id", "resolved", "created_at" desc, "id" desc) include ("full_name")',
    },
    {
      name: 'community_applications_keyword_index',
      expression:
        'create index "community_applications_keyword_index" on "community_applications" using gin ((lower("full_name")) gin_trgm_ops)',
    },
  ],
  checks: [
    { name: 'community_applications_postal_code_digits', expression: "postal_code ~ '^[0-9]+$'" },
    { name: 'community_applications_full_name_length', expression: 'char_length(full_name) >= 1' },
  ],
});

export const CommunityApplicationAnswer = defineEntity({
  name: 'CommunityApplicationAnswer',
  tableName: 'community_application_answers',
  properties: {
    id: p.integer().primary(),
    application: () => p.manyToOne(CommunityApplication).deleteRule('cascade'),
    // NO ACTION (checked at the end of the statement), not RESTRICT: deleting a community cascades to both
    // its questions and its applications' answers in one statement. A question that has answers cannot be
    // deleted on its own; hide it (disabled = true) instead.
    question: () => p.manyToOne(CommunityApplicationQuestion).deleteRule('no action'),
    content: p.text(),
  },
  uniques: [{ name: 'community_application_answers_application_id_question_id_unique', properties: ['application', 'question'] }],
  indexes: [{ properties: ['question'] }],
});

export type ICommunity = InferEntity<typeof Community>;
export type ICommunityApplicationQuestion = InferEntity<typeof CommunityApplicationQuestion>;
