// https://vike.dev/title
export { default } from '#pages/communities/@id/registrations/index/+title';
