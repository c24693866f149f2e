// A button that stays focusable while its action runs. A `disabled` button loses focus (the browser moves it to
// <body>), so a keyboard or screen-reader user would lose their place and hear nothing of what follows; instead the
// button says it is unavailable (`aria-disabled`, styled like `:disabled` in global.css) and ignores presses.
import type { MouseEvent } from 'react';

export interface BusyControlProps {
  /** Only before hydration (`ready` false): a press then would be a plain HTML submit, and nothing has focus yet. */
  disabled: boolean | undefined;
  'aria-disabled': true | undefined;
  onClick: ((event: MouseEvent<HTMLElement>) => void) | undefined;
}

/**
 * The props of a button that is `busy` (an action under way): focusable, `aria-disabled`, and a press does nothing
 * (preventDefault also stops a submit button's form submission, including the implicit one of Enter in a field).
 * `ready` false (the page is not hydrated yet) disables it; `onClick` is the button's own action when not busy.
 */
export function busyControl(
  busy: boolean,
  options: { ready?: boolean; onClick?: (event: MouseEvent<HTMLElement>) => void } = {},
): BusyControlProps {
  return {
    disabled: options.ready === false ? true : undefined,
    'aria-disabled': busy ? true : undefined,
    onClick: busy ? ignorePress : options.onClick,
  };
}

function ignorePress(event: MouseEvent<HTMLElement>) {
  event.preventDefault();
}
