// https://vike.dev/vite-plugin — pages/ is the route table; React via vike-react.
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { serverRoutingPlugins } from './server/server-routing-build.ts';

/**
 * Hydration as a transition (issue 16). vike-react hydrates with `ReactDOM.hydrateRoot(…)` in the default lane, which
 * React renders in one uninterrupted task: on a phone the experience page's hydration was one 300–600 ms long task,
 * most of Lighthouse's total blocking time. Called inside `startTransition`, the same hydration is time-sliced (React
 * yields every few milliseconds), as Next.js, Remix and Astro do. vike-react has no option for it, so the client
 * build rewrites that one call in its `onRenderClient`; the build fails if the call is not found (a vike-react upgrade
 * that changes it must be looked at). The markup, the effects and their order are unchanged.
 */
function hydrateInTransitionPlugin(): Plugin {
  const file = /vike-react\/dist\/integration\/onRenderClient\.js$/;
  const call = 'ReactDOM.hydrateRoot(container, page, {';
  return {
    name: 'tabitoko:hydrate-in-transition',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !file.test(id)) return null;
      if (!code.includes(call)) throw new Error(`hydrate-in-transition: \`${call}\` not found in ${id}`);
      return {
        code: `import { startTransition as __startTransition } from 'react';
function __hydrateRootInTransition(container, page, options) {
  let root;
  __startTransition(() => {
    root = ReactDOM.hydrateRoot(container, page, options);
  });
  return root;
}
${code.replace(call, '__hydrateRootInTransition(container, page, {')}`,
        map: null,
      };
    },
  };
}

/**
 * The browser build's chunks (the browser build only): React apart, and the code every page loads with the layout in
 * as few files as possible.
 *
 * React, react-dom and scheduler in a chunk of their own. react-dom's client creates five Error objects while its
 * module initialises (React's sentinels for suspending); when a DevTools session is attached (Lighthouse, Playwright,
 * an open DevTools) V8 records each error's stack with line numbers, which makes it re-parse every function on the
 * stack: react-dom's own module function and the top level of the chunk that first imports react-dom/client
 * (vike-react's client hook). Left to itself the bundler puts that hook, the layout and react-dom into one chunk, whose
 * whole text was then parsed a second time inside the page's module evaluation; with React apart, the chunk parsed
 * again is the small one of the hook and the layout. Nothing changes without DevTools.
 *
 * Left to itself, the bundler also splits the modules the pages share by the exact set of pages that import each, so
 * a page's first load is many files, most of them tiny (the `common` texts, `useData`, the money and date formats,
 * the navigation helpers, Vike's hooks shared by its entry and vike-react). Every file is a request: on
 * HTTP/1.1 at most six run at once, each at least a round trip on a phone's network, and the first screen waits for
 * them (Lighthouse counts the scripts that finished before the first paint into it). Two groups gather what every page
 * loads anyway: Vike's client runtime (into the router entry, which imports it first) and the site's shared layer
 * (`SITE_MODULES`: vike-react's client, the layout and header, the hook before hydration, the API client, the texts
 * and formats the layout and most pages use). A page that does not use one of those small modules loads it anyway, for fewer files.
 */
const SITE_MODULES =
  /node_modules[\\/]vike-react[\\/]|pages[\\/]\+(?:Layout\.tsx|onBeforeRenderClient\.ts)|src[\\/]components[\\/](?:Header|hydrate-later)\.tsx|src[\\/]lib[\\/]isomorphic[\\/](?:api-client|money|dates|browser-navigation)\.ts|src[\\/]i18n[\\/]ja[\\/](?:nav|site|common|dates)\.ts/;

function clientChunksPlugin(): Plugin {
  const script = (pattern: RegExp) => (id: string) => pattern.test(id) && !id.endsWith('.css');
  return {
    name: 'tabitoko:client-chunks',
    apply: 'build',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // A higher priority takes a module first; each group also takes the modules its modules import, so
                // React and Vike are claimed before the site's layer that imports both.
                groups: [
                  { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/, priority: 3 },
                  { name: 'vike', test: script(/node_modules[\\/](?:vike|@brillout)[\\/]/), priority: 2 },
                  { name: 'site', test: script(SITE_MODULES), priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    vike(),
    // Every text file of the client build gets a brotli (.br, quality 11) and a gzip (.gz, level 9) sibling once, so
    // no request compresses a static file (served by express-static-gzip, server/vike.ts). From 1 KB: below that the
    // framing and headers cost as much as they save. The Vite manifest is read by the server, never sent.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(?:js|css|svg|json|html|txt|xml|map|webmanifest)$/,
      exclude: /(?:^|\/)\.vite\//,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
    hydrateInTransitionPlugin(),
    clientChunksPlugin(),
    ...serverRoutingPlugins(),
  ],
  build: {
    target: 'es2022',
    // No `<link rel="modulepreload">` written by script for the files a dynamic import needs (the parts hydrated
    // later, src/components/hydrate-later.tsx): Vite's helper appended one per file from inside React's hydration,
    // each a request started from a deep stack, and under DevTools (Lighthouse) each cost a stack capture. Those parts
    // come after the page, so their own imports are fetched when their chunk arrives. The first load's
    // modulepreload links are Vike's, in the HTML, and stay (docs/decisions/page-render.md).
    modulePreload: false,
    // BUNDLE_SOURCEMAP=1 npm run build, then `npx source-map-explorer <chunk>.js`: what a chunk holds.
    sourcemap: process.env.BUNDLE_SOURCEMAP === '1',
    rolldownOptions: {
      // No "[PLUGIN_TIMINGS]" warning: the build's slowest step is on purpose, the compression plugin writing the
      // brotli and gzip copies of every asset at the highest levels once, so that no request compresses them.
      checks: { bundlerTimings: false },
      // Building a zod schema has no side effects, but a method chain (`z.string().trim().refine(…)`) looks like one to
      // the bundler: a page that imports one constant of a *.schemas.ts module used to carry zod (~24 kB gzipped) for
      // schemas it never reads. Calls on `z` are pure: an unread schema is dropped with its zod code (issue 16). Reading
      // a property has no side effects in this code base either (no getters that act), which lets `ja.browse.x` as
      // an argument of such a call be dropped too.
      treeshake: {
        // `z` and the schema helpers of src/lib/isomorphic/validate.ts that only build zod schemas.
        manualPureFunctions: ['z', 'idJson', 'countJson', 'dateTimeJson', 'dateJson', 'timeJson', 'urlJson', 'pageMetaJson'],
        propertyReadSideEffects: false,
      },
    },
  },
  // The #src/* … aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
});
