// The administrator area's community form (src/components/admin/CommunityForm) pointed at the brand portal's calls.
import type { CommunityFormTarget } from '#src/components/admin/CommunityForm';
import { BRAND_API, handleUnauthorized } from './brand-paths';

export const brandCommunityTarget: CommunityFormTarget = {
  one: (id) => `${BRAND_API}/communities/${id}`,
  save: (id) => (id ? `${BRAND_API}/communities/${id}` : `${BRAND_API}/communities`),
  updateMethod: 'PUT',
  upload: `${BRAND_API}/uploads`,
  done: (saved, id) => `/brand/communities/${saved?.id ?? id ?? ''}`,
  back: '/brand/communities',
  onError: handleUnauthorized,
  bare: true,
};
