// A field's messages until the person changes the field: the one rule for hiding a message that answered the last
// submit (Field uses it for every control; a part that is no single control, like the experience form's calendar,
// calls `dismiss` when its value changes).
import { useState } from 'react';

/**
 * `shown` is `messages` until `dismiss()`, then null until the next submit brings new ones. The form hook makes a new
 * messages array at every submit, so the array that was hidden never hides a new one: pass the same array between
 * submits (form.messages does; memoise a combined list), or a change would not hide it.
 */
export function useDismissible<M>(messages: M | null | undefined): { shown: M | null; dismiss: () => void } {
  const [dismissed, setDismissed] = useState<M | null | undefined>(null);
  const shown = messages == null || messages === dismissed ? null : messages;
  return { shown, dismiss: () => setDismissed(messages) };
}
