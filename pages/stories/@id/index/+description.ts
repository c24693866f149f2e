// https://vike.dev/description
import type { PageContext } from 'vike/types';
import { ja } from '#src/i18n/ja';
import { summarize } from '#src/components/seo';
import type { Data } from './+data';

export default function description(pageContext: PageContext<Data>) {
  const { experience } = pageContext.data;
  const place = experience.online ? ja.common.online : (experience.state ?? '');
  return summarize(`【${place}】${experience.description}`);
}
