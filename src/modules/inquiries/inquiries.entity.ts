import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from '#src/modules/users/users.entity';
import { Reservation } from '#src/modules/reservations/reservations.entity';
import { Timestamped } from '#src/lib/base.entity';
import { INQUIRY_SUBJECTS } from './inquiries.shared';

/** Brand/ambassador program inquiries (/brand_ambassador/inquiry), handled in /admin/brand_ambassador_inquiries. */
export const BrandAndAmbassadorInquiry = defineEntity({
  name: 'BrandAndAmbassadorInquiry',
  tableName: 'brand_and_ambassador_inquiries',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    name: p.string().length(255),
    companyName: p.string().length(255),
    departmentName: p.string().length(255).nullable(),
    positionName: p.string().length(255).nullable(),
    email: p.string().length(255),
    subject: p.enum([...INQUIRY_SUBJECTS]),
    content: p.text(),
    resolved: p.boolean().default(false),
  },
  indexes: [
    // The admin list's order, filters and keyword search (Migration20261128110000_inquiry_filters, Migration20261130090000_list_paging).
    {
      name: 'brand_and_ambassador_inquiries_created_at_index',
      expression:
        'create index "brand_and_ambassador_inquiries_created_at_index" on "brand_and_ambassador_inquiries" ("created_at" desc, "id" desc)',
    },
    {
      name: 'brand_and_ambassador_inquiries_resolved_index',
      expression:
        'create index "brand_and_ambassador_inquiries_resolved_index" on "brand_and_ambassador_inquiries" ("resolved", "created_at" desc, "id" desc)',
    },
    {
      name: 'brand_and_ambassador_inquiries_subject_index',
      expression:
        'create index "brand_and_ambassador_inquiries_subject_index" on "brand_and_ambassador_inquiries" ("subject", "resolved", "created_at" desc, "id" desc)',
    },
    {
      name: 'brand_and_ambassador_inquiries_subject_created_at_index',
      expression:
        'create index "brand_and_ambassador_inquiries_subject_created_at_index" on "brand_and_ambassador_inquiries" ("subject", "created_at" desc, "id" desc)',
    },
    {
      name: 'brand_and_ambassador_inquiries_keyword_index',
      expression: `create index "brand_and_ambassador_inquiries_keyword_index" on "brand_and_ambassador_inquiries" using gin ((lower("name" || ' ' || "email" || ' ' || "company_name" || ' ' || "content")) gin_trgm_ops)`,
    },
  ],
});

/** General contact from the /inquiry page (signed in or not). */
export const ContactInquiry = defineEntity({
  name: 'ContactInquiry',
  tableName: 'contact_inquiries',
  extends: Timestamped,
  properties: {
    id: p.integer().primary(),
    name: p.string().length(255),
    email: p.string().length(255),
    content: p.text(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    resolved: p.boolean().default(false),
    /** The reservation number the sender typed (kept as typed, also when it matched nothing). */
    reservationNumber: p.integer().nullable(),
    /** That reservation, when it is the sender's own (their account or their e-mail). */
    reservation: () => p.manyToOne(Reservation).nullable().deleteRule('set null'),
  },
  indexes: [
    { properties: ['user'] },
    { properties: ['reservation'] },
    // The admin list's order, filters and keyword search (Migration20261128110000_inquiry_filters, Migration20261130090000_list_paging).
    {
      name: 'contact_inquiries_created_at_index',
      expression: 'create index "contact_inquiries_created_at_index" on "contact_inquiries" ("created_at" desc, "id" desc)',
    },
    {
      name: 'contact_inquiries_resolved_index',
      expression: 'create index "contact_inquiries_resolved_index" on "contact_inquiries" ("resolved", "created_at" desc, "id" desc)',
    },
    {
      name: 'contact_inquiries_keyword_index',
      expression: `create index "contact_inquiries_keyword_index" on "contact_inquiries" using gin ((lower("name" || ' ' || "email" || ' ' || "content")) gin_trgm_ops)`,
    },
  ],
});

export type IBrandAndAmbassadorInquiry = InferEntity<typeof BrandAndAmbassadorInquiry>;
export type IContactInquiry = InferEntity<typeof ContactInquiry>;
