// A part of a page whose JavaScript is not in the page's first load (the experience page within 100 kB).
// The server renders it like any other component, so the HTML, the CSS and the first paint are unchanged; in the
// browser its code is a separate chunk fetched while the rest of the page hydrates, and React keeps the server's HTML
// of that part on screen (a dehydrated Suspense boundary) until the chunk is there, then hydrates it. Its links work
// before then (the browser follows them).
//
// A press before then is carried out when the code comes (later-press.ts): React itself drops it (it stops every
// discrete event aimed at a waiting part at the page's root, and never replays it), while the browser would still do
// the default action (a form's submit: a GET of the same page). So the part sits in an element of its own
// (`data-later-part`, `display: contents`: no box, the layout is the part's own), and a document listener cancels the
// default action of a press on one of its buttons, marks the part busy and presses the button again once the part has
// hydrated, after telling React of any select changed meanwhile. Only clicks (a tap, Enter, Space) and submits are
// carried; a key handled by a React handler is not, so a handler above the part that must answer a key at once
// listens on the document in the capture phase instead (the header's Escape; tests/api/source-rules.test.ts checks
// that the files placing a part have no React key handler).
//
// Use it for parts that are not needed to read the page: below the fold, or above it but only interactive later (a
// carousel's buttons). Each call site passes the component twice, because the server must render it synchronously
// (renderToString never waits for a lazy component) while the browser build must not import it statically:
//
//   const Carousel = hydrateLater(
//     import.meta.env.SSR ? (await import('#src/components/Carousel')).Carousel : null,
//     () => import('#src/components/Carousel').then((m) => m.Carousel),
//   );
//
// `import.meta.env.SSR` is a constant in each build, so the browser build drops the first import. The page must also
// import the part's stylesheets itself (`import '#src/components/carousel.css'`): the server puts only the page's own
// stylesheets into its HTML, and the part would be unstyled until its code came (tests/e2e/js-budget.test.ts checks).
// The props must keep their identity across the page's re-renders (data from useData, constants): the wrapper is
// memoised, and a boundary that is still waiting for its code and receives new props would be rendered on the
// client from scratch instead (its fallback, nothing, for a moment).
import { type ComponentType, lazy, memo, type RefObject, Suspense, useEffect, useRef } from 'react';
import { LATER_PART, partHydrated } from '#src/components/later-press';

export function hydrateLater<P extends object>(
  serverComponent: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Component: ComponentType<P> = serverComponent ?? lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per component at module level, never while rendering
  function HydrateLater(props: P) {
    const part = useRef<HTMLDivElement>(null);
    return (
      <div ref={part} {...{ [LATER_PART]: '' }} style={{ display: 'contents' }}>
        <Suspense fallback={null}>
          <Component {...props} />
          <Hydrated part={part} />
        </Suspense>
      </div>
    );
  }
  return memo(HydrateLater) as unknown as ComponentType<P>;
}

/** Renders nothing; its effect runs once the boundary around it has hydrated (the part's code is there). */
function Hydrated({ part }: { part: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    if (part.current) partHydrated(part.current);
  }, [part]);
  return null;
}
