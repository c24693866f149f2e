// Examples of the session routes's success answers in the OpenAPI document: real answers on the demo data (seeds/), lists cut to
// two items and long texts shortened. tests/api/openapi.test.ts validates each against its route's response schema,
// so an example cannot drift from the schema. Regenerate from a demo server when the demo data changes.

/** GET /api/v1/me */
export const meExample = {
  id: 1,
  name: '運営 管理者',
  email: 'admin@example.com',
  avatar_url: null,
  access_control: 'ADMIN',
  current_ambassador_id: null,
  email_verified: true,
};
