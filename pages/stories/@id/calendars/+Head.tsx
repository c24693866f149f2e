// https://vike.dev/Head — the slot list belongs to the experience page: canonical there, not indexed itself.
import { useData } from 'vike-react/useData';
import { SeoHead } from '#src/components/SeoHead';
import type { Data } from './+data';

export default function Head() {
  const data = useData<Data>();
  return <SeoHead url={`${data.origin}/stories/${data.experience.id}`} noindex />;
}
