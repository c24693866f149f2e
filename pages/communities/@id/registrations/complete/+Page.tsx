// The community application's completion page; a reload shows the session-expired text (the flag is consumed by
// +data.ts on the server).
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { CompletionPanel } from '#src/components/form';
import type { Data } from './+data';

export default function Page() {
  const { communityId, completed } = useData<Data>();
  return (
    <CompletionPanel
      completed={completed}
      title={completed ? ja.communities.completeTitle : ja.common.sessionExpired}
      body={completed ? ja.communities.completeBody : ja.communities.sessionExpiredBody}
      actions={
        <a className="button" href={`/communities/${communityId}`}>
          {ja.communities.backToCommunity}
        </a>
      }
    />
  );
}
