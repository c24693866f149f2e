// /communities/{id}/registrations/new: the same application form as /communities/{id}/registrations (spec route table).
export { default } from '#pages/communities/@id/registrations/index/+Page';
