// https://vike.dev/Head
import { useData } from 'vike-react/useData';
import { SeoHead } from '#src/components/SeoHead';
import type { Data } from './+data';

export default function Head() {
  const { origin, profile } = useData<Data>();
  return <SeoHead url={`${origin}/users/${profile.id}`} type="article" />;
}
