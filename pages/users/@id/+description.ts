// https://vike.dev/description
import type { PageContext } from 'vike/types';
import * as ja from '#src/i18n/ja';
import { summarize } from '#src/components/seo';
import type { Data } from './+data';

export default function description(pageContext: PageContext<Data>) {
  const { profile } = pageContext.data;
  return summarize(
    profile.introduction || `${ja.browse.profileExperiences(profile.name)}（${ja.browse.count(profile.experiences.length)}）`,
  );
}
