// https://vike.dev/description
export { listDescription as default } from '#pages/stories/list-head';
