// The publication request's completion page; a reload shows the session-expired message (the flag is consumed by
// +data.ts on the server).
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { CompletionPanel } from '#src/components/form';
import type { Data } from './+data';

const t = ja.hostStory;

export default function Page() {
  const { completed } = useData<Data>();
  return (
    <CompletionPanel
      completed={completed}
      title={completed ? t.completeTitle : ja.common.sessionExpired}
      body={completed ? t.completeBody : undefined}
      actions={
        <a className="button" href="/host/story?tab=experiences">
          {t.completeLink}
        </a>
      }
    />
  );
}
