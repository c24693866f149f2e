// https://vike.dev/title
export { listTitle as default } from '#pages/stories/list-head';
