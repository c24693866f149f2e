// What every section of the experience form receives: the whole form state, its setters and the messages.
import type { FormChoices } from '#src/modules/experiences/experiences.host.schemas';
import type { FormState } from '#src/components/experience-form/form-state';

export interface SectionProps {
  state: FormState;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  update: (fn: (state: FormState) => FormState) => void;
  /** The messages of one field (or undefined), from the browser's check or the server. */
  messages: (field: string) => string[] | undefined;
  choices: FormChoices;
}

/** A select's value as a number, or null for the empty choice. */
export const numberOrNull = (value: string) => (value ? Number(value) : null);
