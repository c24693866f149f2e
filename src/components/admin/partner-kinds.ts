// Ambassadors and brands share their admin screens; what differs is named here.
import * as ja from '#src/i18n/ja';
import type { ImageJson } from '#src/modules/images/images.schemas';

export type PartnerKind = 'ambassador' | 'brand';

const t = ja.adminPages;

export const PARTNER = {
  ambassador: {
    api: '/api/v1/ambassadors',
    admin: '/admin/ambassador',
    publicPath: '/ambassadors',
    listKey: 'ambassadors',
    text: t.ambassadors,
    listFailed: t.ambassadors.fetchFailed,
    auditEntity: 'ambassador',
  },
  brand: {
    api: '/api/v1/brands',
    admin: '/admin/brand',
    publicPath: '/brands',
    listKey: 'brands',
    text: t.brands,
    listFailed: t.brands.fetchFailed,
    auditEntity: 'brand',
  },
} as const;

/** What the admin reads of one ambassador or brand (GET /ambassadors/{id}, /brands/{id} as ADMIN). */
export interface AdminPartner {
  id: number;
  name: string;
  description: string;
  published?: boolean;
  address?: string | null;
  homepage_url: string | null;
  instagram_username: string | null;
  x_username: string | null;
  images: ImageJson[];
  created_at?: string;
  updated_at?: string;
}

export interface AdminPartnerListItem {
  id: number;
  name: string;
  published?: boolean;
  created_at?: string;
}
