// https://vike.dev/Page
export { default } from '#pages/stories/StoriesPage';
