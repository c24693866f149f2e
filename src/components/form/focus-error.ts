// After a refused submit, focus goes to the first error so that a screen reader reads it: the first invalid field
// (its label, then its message through aria-describedby, which Field wires), or the form's error summary
// (FormErrors, role=alert) when that comes first or the first error has no single control.
import { scrollBehavior } from '#src/components/motion';

/** FormErrors marks its box with this attribute; it is focusable (tabIndex -1). */
export const SUMMARY_ATTRIBUTE = 'data-form-errors';
const INVALID = '[aria-invalid="true"]';
const SUMMARY = `[${SUMMARY_ATTRIBUTE}]`;
const FOCUSABLE =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

/** The form a submit came from: the element itself, or the form of the focused control. */
export function formOf(origin: Element | null): HTMLFormElement | null {
  if (!origin) return null;
  if (origin instanceof HTMLFormElement) return origin;
  return (origin as HTMLInputElement).form ?? origin.closest('form');
}

/** What to focus for an error element: the control itself, else the first control inside it (a group's first radio). */
function focusTarget(element: HTMLElement): HTMLElement | null {
  if (element.matches(SUMMARY) || element.matches(FOCUSABLE)) return element;
  return element.querySelector<HTMLElement>(`input:checked, ${FOCUSABLE}`);
}

/**
 * Focuses the first error of `form`, in document order: its invalid controls and groups, and its summary, which
 * FormErrors renders inside the form or just before it (a summary outside any form beside it belongs to it).
 * Scrolls it to the middle of the screen, clear of the sticky header and the fixed bars.
 */
export function focusFirstError(form: HTMLFormElement) {
  const scope = form.parentElement ?? form;
  const candidates = Array.from(scope.querySelectorAll<HTMLElement>(`${INVALID}, ${SUMMARY}`)).filter(
    (element) => form.contains(element) || (element.matches(SUMMARY) && !element.closest('form')),
  );
  for (const candidate of candidates) {
    const target = focusTarget(candidate);
    if (!target) continue;
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'center', behavior: scrollBehavior() });
    return;
  }
}
