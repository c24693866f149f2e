// /communities/{id}/registrations/new: the same application form as /communities/{id}/registrations (spec route table).
export { default } from '../index/+Page';
