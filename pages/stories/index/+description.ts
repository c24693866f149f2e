// https://vike.dev/description
export { listDescription as default } from '../list-head';
