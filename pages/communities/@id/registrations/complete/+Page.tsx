import { useData } from 'vike-react/useData';
import { ja } from '#src/i18n/ja';
import type { Data } from './+data';
import '#pages/communities/@id/registrations/index/registration.css';

export default function Page() {
  const { communityId, completed } = useData<Data>();
  return (
    <section className="page page--narrow registration-complete">
      <div className="panel registration-complete__panel">
        <div
          aria-hidden="true"
          className={completed ? 'registration-complete__mark' : 'registration-complete__mark registration-complete__mark--expired'}
        >
          {completed ? '✓' : '!'}
        </div>
        <h1 data-testid="complete-title">{completed ? ja.communities.completeTitle : ja.common.sessionExpired}</h1>
        <p>{completed ? ja.communities.completeBody : ja.communities.sessionExpiredBody}</p>
        <a className="button" href={`/communities/${communityId}`}>
          {ja.communities.backToCommunity}
        </a>
      </div>
    </section>
  );
}
