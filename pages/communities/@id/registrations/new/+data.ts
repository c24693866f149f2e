// https://vike.dev/data — same data as /communities/{id}/registrations.
export { data } from '../index/+data';
