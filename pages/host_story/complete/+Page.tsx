import { useEffect } from 'react';
import { useData } from 'vike-react/useData';
import { ja } from '#src/i18n/ja';
import { api } from '#src/lib/api-client';
import type { Data } from './+data';
import './complete.css';

const t = ja.hostStory;

export default function Page() {
  const { completed } = useData<Data>();
  // Shown once: the flag is consumed, so a reload shows the session-expired message (spec).
  useEffect(() => {
    if (completed) api('/api/v1/host_story/completion', { method: 'DELETE' }).catch(() => {});
  }, [completed]);
  return (
    <section className="page page--narrow host-complete">
      <div className="panel host-complete__panel">
        <div aria-hidden="true" className={completed ? 'host-complete__mark' : 'host-complete__mark host-complete__mark--expired'}>
          {completed ? '✓' : '!'}
        </div>
        <h1 data-testid="complete-title">{completed ? t.completeTitle : ja.common.sessionExpired}</h1>
        {completed && <p>{t.completeBody}</p>}
        <a className="button" href="/host/story?tab=experiences">
          {t.completeLink}
        </a>
      </div>
    </section>
  );
}
