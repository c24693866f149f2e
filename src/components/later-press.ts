// What a press on a part whose code has not come yet does (hydrate-later.tsx): a click on one of its buttons (a tap,
// Enter, Space) or a submit of one of its forms loses its default action (a form would be sent natively, reloading the
// page with nothing done), the part is marked busy (`aria-busy`: the pressed button dims, the cursor shows progress),
// and once the part has hydrated the same button is pressed again (or the form submitted), so its React handler runs
// as if the code had been there. Links are left alone (the browser follows them, which is what they do anyway), and
// so are selects and text fields (they work natively; a select changed before hydration is told to React then).
// Installed when this module first runs in the browser, before React hydrates the page.

/** The attribute of the element around each part (hydrate-later.tsx). */
export const LATER_PART = 'data-later-part';
const PRESSABLE =
  'button, summary, [role="button"], input:is([type="submit"], [type="image"], [type="button"], [type="reset"], [type="checkbox"], [type="radio"])';

const hydratedParts = new WeakSet<Element>();
/** Per waiting part, the presses to carry out once it has hydrated, in order. */
const waiting = new WeakMap<Element, { element: Element; press: () => void }[]>();

function waitingPartOf(target: EventTarget | null): Element | null {
  const part = target instanceof Element ? target.closest(`[${LATER_PART}]`) : null;
  return part && !hydratedParts.has(part) ? part : null;
}

function keep(event: Event, part: Element, element: Element, press: () => void) {
  event.preventDefault();
  const presses = waiting.get(part) ?? [];
  // The same button pressed again while nothing seems to happen is one press, not two (a join sent twice).
  if (!presses.some((p) => p.element === element)) presses.push({ element, press });
  waiting.set(part, presses);
  part.setAttribute('aria-busy', 'true');
}

function onClick(event: MouseEvent) {
  const part = waitingPartOf(event.target);
  const button = part && (event.target as Element).closest(PRESSABLE);
  if (!part || !button || !part.contains(button) || button.matches(':disabled')) return;
  keep(event, part, button, () => (button as HTMLElement).click());
}

function onSubmit(event: SubmitEvent) {
  const part = waitingPartOf(event.target);
  if (!part) return;
  const form = event.target as HTMLFormElement;
  const submitter = event.submitter;
  keep(event, part, form, () => form.requestSubmit(submitter));
}

/**
 * Called by the part's boundary once it has hydrated: marks the part (`data-hydrated`, what a test waits for before
 * pressing something a replay could not do, such as a copy to the clipboard, which needs the visitor's own gesture),
 * tells React of changed selects, then carries the presses.
 */
export function partHydrated(part: Element) {
  hydratedParts.add(part);
  part.setAttribute('data-hydrated', '');
  const presses = waiting.get(part) ?? [];
  waiting.delete(part);
  part.removeAttribute('aria-busy');
  // A macrotask: React has finished this commit, and each press below sees the state the previous one left.
  setTimeout(() => {
    // A controlled select keeps what the visitor chose before hydration on screen, but React's state still holds the
    // server's value: a change event makes its onChange run with the shown value. The choices are read first, as the
    // first change's re-render may set the other selects back to React's values.
    const chosen = [...part.querySelectorAll('select')]
      .filter((select) => [...select.options].some((option) => option.selected !== option.defaultSelected))
      .map((select) => ({ select, value: select.value }));
    for (const { select, value } of chosen) {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
    for (const { element, press } of presses) if (element.isConnected) press();
  });
}

if (typeof document !== 'undefined') {
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
}
