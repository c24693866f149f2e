// The +data.ts of the three form pages (https://vike.dev/data): /host_story_drafts/new,
// /host_story_drafts/{id}/edit and /host_story/{id}/edit. Server-side only (services come from the page context).
import type { PageContextServer } from 'vike/types';
import { todayInJapan } from '#src/lib/isomorphic/dates';
import { loadOr404, routeId } from '#src/lib/isomorphic/page-helpers';
import type { FormChoices, HostExperienceJson } from '#src/modules/experiences/experiences.host.schemas';
import type { DraftJson } from '#src/modules/experience-drafts/experience-drafts.schemas';
import type { ExperienceRejectionJson } from '#src/modules/experience-approvals/experience-approvals.schemas';
import type { FormMode } from './ExperienceForm';

export interface FormPageData {
  mode: FormMode;
  choices: FormChoices;
  isAdmin: boolean;
  today: string;
  draft: DraftJson | null;
  experience: HostExperienceJson | null;
  /** Why the administrators sent this experience back, while it was not saved again since (edit only). */
  rejection: ExperienceRejectionJson | null;
}

export async function loadFormPage(pageContext: PageContextServer, mode: FormMode): Promise<FormPageData> {
  const { services, ctx } = pageContext;
  const draft = mode === 'draft' ? await loadOr404(() => services.experienceDrafts.get(ctx, { id: routeId(pageContext) })) : null;
  const experience = mode === 'edit' ? await loadOr404(() => services.experiencesHost.getForEdit(ctx, { id: routeId(pageContext) })) : null;
  return {
    mode,
    choices: await services.experiencesHost.formChoices(ctx, {}),
    isAdmin: pageContext.user?.access_control === 'ADMIN',
    today: todayInJapan(),
    draft,
    experience,
    rejection: experience ? await services.experienceApprovals.currentRejection(ctx, { id: experience.id }) : null,
  };
}
