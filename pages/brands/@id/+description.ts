// https://vike.dev/description
import type { PageContext } from 'vike/types';
import { summarize } from '#src/components/seo';
import type { Data } from './+data';

export default function description(pageContext: PageContext<Data>) {
  return summarize(pageContext.data.brand.description);
}
