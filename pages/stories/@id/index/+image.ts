// https://vike.dev/image — og:image and the large X card: the first image, as an absolute URL.
import type { PageContext } from 'vike/types';
import { absoluteUrl } from '#src/components/seo';
import type { Data } from './story-data';

export default function image(pageContext: PageContext<Data>) {
  const { experience, origin } = pageContext.data;
  const first = experience.images[0];
  return first ? absoluteUrl(origin, first.url) : null;
}
