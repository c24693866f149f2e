// The page body shared by the three form pages (create, create from a draft, edit).
import { useMemo } from 'react';
import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { formatInstantDateJa } from '#src/lib/isomorphic/dates';
import { ExperienceForm } from './ExperienceForm';
import { emptyState, fromDraft, fromExperience } from './form-state';
import type { FormPageData } from './form-page-data';

export function FormPage() {
  const data = useData<FormPageData>();
  const initial = useMemo(
    () => (data.experience ? fromExperience(data.experience) : data.draft ? fromDraft(data.draft) : emptyState()),
    [data.experience, data.draft],
  );
  return (
    <section className="page page--narrow host-form-page">
      <a className="back-link" href="/host/story">
        {ja.hostStory.listTitle}
      </a>
      <h1 className="page__title">{ja.hostStory.formTitle}</h1>
      {data.rejection && (
        <div className="alert alert--info form-page__rejection" data-testid="rejection">
          <p>
            <strong>{ja.hostStory.rejectedTitle}</strong>（{ja.hostStory.rejectedOn(formatInstantDateJa(data.rejection.rejected_at))}）
          </p>
          <p className="form-page__rejection-reason">{data.rejection.reason}</p>
          <p>{ja.hostStory.rejectedHint}</p>
        </div>
      )}
      <ExperienceForm
        // A new key per record: each record's form starts from that record's values.
        key={`${data.mode}-${data.experience?.id ?? data.draft?.id ?? 'new'}`}
        mode={data.mode}
        initial={initial}
        draftId={data.draft?.id ?? null}
        experienceId={data.experience?.id ?? null}
        choices={data.choices}
        isAdmin={data.isAdmin}
        today={data.today}
        pending={data.experience ? !data.experience.approve : false}
      />
    </section>
  );
}
