// One-shot completion flags (spec: a completion page reloaded after its flag was used says the session expired).
// The API sets a flag when a form succeeds; the completion page's +data.ts consumes it on the server through
// pageContext.consumeCompletion while rendering, so it is shown exactly once. Every navigation is a full page load
// (server routing, `clientRouting: false`): the form's page moves on with goTo(url) and the completion page is
// rendered on the server, where the flag is read. Flags live in the session (a row), so every process sees them.
// Keys: the modules' schemas (completionFlagKey, applicationFlag, *_FLAG).
import type { Request } from 'express';

/** Marks a completion page as earned by this session. */
export function setCompletion(req: Request, key: string): void {
  req.session.flags = { ...req.session.flags, [key]: true };
}

/** True once per setCompletion: removes the flag (express-session saves the change with the response). */
export function consumeCompletion(req: Request, key: string): boolean {
  const flags = req.session?.flags;
  if (flags?.[key] !== true) return false;
  const { [key]: _used, ...rest } = flags;
  req.session.flags = rest;
  return true;
}
