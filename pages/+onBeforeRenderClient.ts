// https://vike.dev/onBeforeRenderClient (vike-react) — runs in the browser before the page is hydrated.
//
// Ends the task before hydration starts. The page's scripts are evaluated in one task (React, the layout, the page),
// and Vike then calls vike-react's onRenderClient from that task's microtasks, which creates React's root and
// attaches its listeners before React's time-sliced hydration begins: together one long task. Waiting for the next
// task here splits it in two shorter ones, and the browser may paint, scroll or follow a link between them
// (docs/decisions/page-render.md). Nothing else changes: the page hydrates from the same HTML one task later.
export async function onBeforeRenderClient(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  // scheduler.yield() resumes ahead of other queued tasks (Chromium); a timer where the browser has none.
  if (scheduler?.yield) await scheduler.yield();
  else await new Promise<void>((resolve) => setTimeout(resolve, 0));
}
