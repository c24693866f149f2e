// The host experience form (spec guest-and-host.md §2 "Host experience form", §4, §5): create, create from a
// draft, edit. Validates with the same zod schemas as the server before sending (the form kit's useForm); the
// server decides in the end. One component per section in ./sections; this file holds the state and the sending.
import { useState, type FormEvent } from 'react';
import { goTo } from '#src/lib/isomorphic/browser-navigation';
import * as ja from '#src/i18n/ja';
import type { FieldMessages } from '#src/lib/isomorphic/errors';
import { busyControl, FormErrors, Modal, useForm } from '#src/components/form';
import { experienceSchema, type FormChoices } from '#src/modules/experiences/experiences.host.schemas';
import { calendarDateIssue } from '#src/modules/calendars/calendar-plan.schemas';
import { draftSchema } from '#src/modules/experience-drafts/experience-drafts.schemas';
import { toPayload, type FormState } from './form-state';
import { BasicsSection, ContentSection, PriceSection } from './sections/DetailSections';
import { CalendarSection, OptionsSection } from './sections/EditorSections';
import { CancellationSection, ParticipantsSection } from './sections/ParticipationSections';
import { CommunitySection, FormatSection, HostSection, PhotosSection } from './sections/PlaceSections';
import type { SectionProps } from './sections/section-props';
import './experience-form.css';

const t = ja.hostStory;

export type FormMode = 'new' | 'draft' | 'edit';

interface Props {
  mode: FormMode;
  initial: FormState;
  draftId: number | null;
  experienceId: number | null;
  choices: FormChoices;
  isAdmin: boolean;
  today: string;
  /** Editing an experience awaiting publication (申請中): the draft-save button withdraws the request. */
  pending?: boolean;
}

export function ExperienceForm({ mode, initial, draftId, experienceId, choices, isAdmin, today, pending = false }: Props) {
  const [state, setState] = useState<FormState>(initial);
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const [sending, setSending] = useState<'submit' | 'draft'>('submit');
  // After a refused submit the kit focuses the summary above the sections (FormErrors, the form's first error).
  const form = useForm<ReturnType<typeof toPayload>>({});
  const { errors } = form;

  const sections: SectionProps = {
    state,
    set: (key, value) => setState((s) => ({ ...s, [key]: value })),
    update: setState,
    messages: form.messages,
    choices,
  };

  /**
   * Spec §5: an incomplete option and a calendar without entries are each announced by an alert besides their inline
   * errors. The schema finds them with every other field, so one submission shows all its problems.
   */
  function checkAlert(messages: FieldMessages): string | null {
    const alerts: string[] = [];
    if (messages.options?.includes(t.errors.optionsInvalid)) alerts.push(t.alertOptions);
    if (messages.calendars) alerts.push(t.alertCalendar);
    return alerts.length > 0 ? alerts.join('\n') : null;
  }

  function requestPublication(event: FormEvent) {
    event.preventDefault();
    if (form.submitting) return;
    setSending('submit');
    void form.send(toPayload(state, mode === 'draft' ? { experience_draft_id: draftId } : {}), {
      schema: experienceSchema,
      // New slots must lie in the future (existing ones may have passed).
      check: () => {
        const messages: FieldMessages = {};
        state.calendars.forEach((slot, index) => {
          const issue = slot.id === null ? calendarDateIssue(slot.date, today) : null;
          if (issue) messages[`calendars.${index}.date`] = [issue];
        });
        return messages;
      },
      path: mode === 'edit' ? `/api/v1/experiences/${experienceId}` : '/api/v1/experiences',
      method: mode === 'edit' ? 'PUT' : 'POST',
      onSuccess: () => goTo(mode === 'edit' ? '/host/story?tab=experiences' : '/host_story/complete'),
      alert: (messages, phase) => (phase === 'client' ? checkAlert(messages) : mode === 'edit' ? t.alertUpdateFailed : t.alertApplyFailed),
    });
  }

  function saveDraft() {
    if (form.submitting) return;
    setSending('draft');
    void form.send(toPayload(state), {
      schema: draftSchema,
      path: draftId ? `/api/v1/experience_drafts/${draftId}` : '/api/v1/experience_drafts',
      method: draftId ? 'PUT' : 'POST',
      onSuccess: () => goTo('/host/story'),
    });
  }

  /** A pending experience's content becomes a draft and its publication request is withdrawn. */
  function withdrawToDraft() {
    if (form.submitting) return;
    setConfirmWithdraw(false);
    setSending('draft');
    void form.send(toPayload(state), {
      schema: draftSchema,
      path: `/api/v1/experiences/${experienceId}/draft`,
      method: 'POST',
      onSuccess: () => goTo('/host/story'),
    });
  }

  const busy = form.submitting ? sending : '';
  return (
    <form className="experience-form" onSubmit={requestPublication} noValidate>
      <FormErrors messages={errors} all testId="form-errors" />

      <PhotosSection state={state} update={setState} messages={form.messages} errors={errors} />
      {isAdmin && mode !== 'edit' && <HostSection {...sections} />}
      {choices.communities.length > 0 && <CommunitySection {...sections} />}
      <FormatSection {...sections} />
      <BasicsSection {...sections} />
      <PriceSection {...sections} />
      <ContentSection {...sections} />
      <ParticipantsSection {...sections} />
      <CancellationSection {...sections} />
      <OptionsSection state={state} update={setState} errors={errors} />
      <CalendarSection state={state} update={setState} errors={errors} today={today} />

      <div className="experience-form__actions">
        <button type="submit" className="button experience-form__submit" {...busyControl(!!busy, { ready: form.ready })}>
          {busy === 'submit' ? t.saving : mode === 'edit' ? t.submitUpdate : t.submitRequest}
        </button>
        {mode !== 'edit' && (
          <button type="button" className="button button--ghost" {...busyControl(!!busy, { ready: form.ready, onClick: saveDraft })}>
            {busy === 'draft' ? t.saving : t.saveDraft}
          </button>
        )}
        {mode === 'edit' && pending && (
          <button
            type="button"
            className="button button--ghost"
            {...busyControl(!!busy, { ready: form.ready, onClick: () => setConfirmWithdraw(true) })}
            data-testid="withdraw-to-draft"
          >
            {busy === 'draft' ? t.saving : ja.details.withdrawButton}
          </button>
        )}
      </div>
      {confirmWithdraw && (
        <Modal
          title={ja.details.withdrawTitle}
          onClose={() => setConfirmWithdraw(false)}
          onConfirm={withdrawToDraft}
          confirmLabel={ja.details.withdrawConfirm}
          testId="withdraw-dialog"
        >
          <p>{ja.details.withdrawBody}</p>
        </Modal>
      )}
    </form>
  );
}
