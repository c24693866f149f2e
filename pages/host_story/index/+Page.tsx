import * as ja from '#src/i18n/ja';
import './guidelines.css';

const t = ja.hostStory;

export default function Page() {
  return (
    <section className="page page--narrow guidelines">
      <h1 className="page__title">{t.guidelinesTitle}</h1>
      <p className="guidelines__lead">{t.guidelinesLead}</p>
      <ol className="guidelines__list">
        {t.guidelines.map((point, index) => (
          <li key={point.title} className="panel guidelines__item">
            <span className="guidelines__number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h2 className="guidelines__title">{point.title}</h2>
              <p className="guidelines__body">{point.body}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="guidelines__actions">
        <a href="/host_story_drafts/new" className="button">
          {t.start}
        </a>
      </div>
    </section>
  );
}
