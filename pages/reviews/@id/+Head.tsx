// https://vike.dev/Head
import { useData } from 'vike-react/useData';
import { SeoHead } from '#src/components/SeoHead';
import type { Data } from './+data';

export default function Head() {
  const { origin, experience, reviews } = useData<Data>();
  const page = reviews.meta.page;
  return <SeoHead url={`${origin}/reviews/${experience.id}${page > 1 ? `?page=${page}` : ''}`} noindex={!experience.approve} />;
}
