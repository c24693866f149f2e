// https://vike.dev/title
export { default } from '../+title';
