// https://vike.dev/data — same data as /communities/{id}/registrations.
export { data } from '#pages/communities/@id/registrations/index/+data';
