// https://vike.dev/Page
export { default } from '../../StoriesPage';
