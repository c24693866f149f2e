// https://vike.dev/Head
export { ListHead as default } from '#pages/stories/list-head';
