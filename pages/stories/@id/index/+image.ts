// https://vike.dev/image — og:image and the large X card: the first image, as an absolute URL.
import type { PageContext } from 'vike/types';
import { absoluteUrl } from '#src/components/seo';
import { storyDataOf } from './story-server';

export default function image(pageContext: PageContext) {
  const { experience, origin } = storyDataOf(pageContext);
  const first = experience.images[0];
  return first ? absoluteUrl(origin, first.url) : null;
}
