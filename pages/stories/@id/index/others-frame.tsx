// The frame of the experience page's "other experiences" section: the heading, the count once known, and the links to
// the list and the host's page: around the placeholder, then around the cards once they have loaded (+Page.tsx).
import type { ReactNode } from 'react';
import * as ja from '#src/i18n/ja';

export function OthersFrame({
  hostedBy,
  hostHref,
  count,
  children,
}: {
  hostedBy: string;
  hostHref: string;
  count?: number;
  children: ReactNode;
}) {
  return (
    <section className="story__others" aria-labelledby="others-title" data-testid="story-others">
      <div className="story__others-head">
        <h2 id="others-title">{ja.browse.otherExperiences(hostedBy)}</h2>
        {count !== undefined && <span className="muted">{ja.browse.otherCount(count)}</span>}
      </div>
      {children}
      <p className="story__others-links">
        <a className="button button--ghost" href="/stories">
          {ja.browse.toStoryList}
        </a>
        <a href={hostHref}>{ja.browse.hostPage} ›</a>
      </p>
    </section>
  );
}
