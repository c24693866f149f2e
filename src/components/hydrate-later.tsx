// A part of a page whose JavaScript is not in the page's first load (the experience page within 100 kB).
// The server renders it like any other component, so the HTML, the CSS and the first paint are unchanged; in the
// browser its code is a separate chunk fetched while the rest of the page hydrates, and React keeps the server's HTML
// of that part on screen (a dehydrated Suspense boundary) until the chunk is there, then hydrates it. Its links work
// before then (the browser follows them); a click on one of its buttons before then can be lost (React does not
// always replay it), so a button that must answer at once stays outside (the header's logout button). The same holds
// for a key or click that a React handler above the part would catch: while the part waits, React stops the event at
// the page's root, so such a handler listens on the document in the capture phase instead (the header's Escape).
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
import { type ComponentType, lazy, memo, Suspense } from 'react';

export function hydrateLater<P extends object>(
  serverComponent: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Component: ComponentType<P> = serverComponent ?? lazy(async () => ({ default: await load() }));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per component at module level, never while rendering
  function HydrateLater(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return memo(HydrateLater) as unknown as ComponentType<P>;
}
