// https://vike.dev/Head
export { ListHead as default } from '../../list-head';
