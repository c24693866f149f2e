// https://vike.dev/title
export { default } from '../index/+title';
