// https://vike.dev/guard — same guard as /communities/{id}/registrations.
export { guard } from '#pages/communities/@id/registrations/index/+guard';
