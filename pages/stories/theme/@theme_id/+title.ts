// https://vike.dev/title
export { listTitle as default } from '../../list-head';
