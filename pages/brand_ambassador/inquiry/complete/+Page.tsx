import { useData } from 'vike-react/useData';
import { ja } from '../../../../src/i18n/ja';
import type { Data } from './+data';
import '../../../inquiry/inquiry.css';

const t = ja.inquiries;

export default function Page() {
  const { completed } = useData<Data>();
  return (
    <section className="page page--narrow">
      <div className="panel inquiry-complete">
        <div className={completed ? 'inquiry-complete__mark' : 'inquiry-complete__mark inquiry-complete__mark--expired'} aria-hidden="true">
          {completed ? '✓' : '!'}
        </div>
        <h1 data-testid="complete-title">{completed ? t.brandCompleteTitle : t.expiredTitle}</h1>
        <p>{completed ? t.brandCompleteBody : t.expiredBody}</p>
        <p className="inquiry-complete__actions">
          <a className="button" href="/">{t.toTop}</a>
          {!completed && <a className="button button--ghost" href="/brand_ambassador/inquiry">{t.toForm}</a>}
        </p>
      </div>
    </section>
  );
}
