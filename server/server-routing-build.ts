// Build plugins for Vike's server routing (pages/+config.ts `clientRouting: false`): what the browser build
// would still carry of the client router once pages no longer navigate with it.
// Imported by vite.config.ts (relative path: Vite loads its config before the tsconfig aliases exist).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * In the browser, `vike/getPageContext` resolves to a module of Vike's client-routing runtime (it asks the client
 * router for the current page), and vike-react imports it for `providePageContext`: with server routing that import
 * alone brought the client router, route matching, prefetching and history handling (~8 kB gzipped) into every page.
 * The client build resolves it to the same two functions taken from the Vike module the runtime uses (so the same
 * instance): without the client router `getPageContext()` can only answer inside a hook, which is what Vike's module
 * does then too. The build fails if Vike no longer has that module (an upgrade must look at this again).
 */
function getPageContextWithoutClientRouter(): Plugin {
  const virtualId = '\0tabitoko:vike-get-page-context';
  // vike/abort is dist/shared-server-client/abort.js; the hooks module sits next to it.
  const execHook = fileURLToPath(new URL('hooks/execHook.js', import.meta.resolve('vike/abort')));
  return {
    name: 'tabitoko:get-page-context-without-client-router',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      if (source !== 'vike/getPageContext') return null;
      if (!existsSync(execHook)) throw new Error(`get-page-context: ${execHook} not found`);
      return virtualId;
    },
    load(id) {
      if (id !== virtualId) return null;
      return `import { getPageContext_sync, providePageContext } from ${JSON.stringify(execHook)};
export { providePageContext };
export function getPageContext() {
  return getPageContext_sync() ?? null;
}`;
    },
  };
}

/**
 * Vike's client entry holds a loader for each of the ~84 pages, and Vite gives each loader the list of files to
 * preload with it (its chunks and stylesheets: ~3 kB gzipped in all). With server routing the entry only ever loads
 * the page the server rendered, whose scripts the HTML already lists as modulepreload and whose stylesheets it
 * already carries, so the entry's loaders import without those lists. Lazy imports inside pages keep theirs.
 */
function entryWithoutPreloadLists(): Plugin {
  const entry = /^assets\/entries\/entry-server-routing\.[^/]+\.js$/;
  const mapDepsDeclaration = /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=\[[^\]]*\]\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
  return {
    name: 'tabitoko:entry-without-preload-lists',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk' && entry.test(c.fileName));
        if (chunks.length !== 1) throw new Error(`entry-without-preload-lists: expected one server-routing entry, found ${chunks.length}`);
        const chunk = chunks[0];
        if (chunk.type !== 'chunk') return;
        if (!mapDepsDeclaration.test(chunk.code)) throw new Error(`entry-without-preload-lists: no preload lists in ${chunk.fileName}`);
        const code = chunk.code.replace(mapDepsDeclaration, '').replace(/__vite__mapDeps\(\[[\d,]*\]\)/g, '[]');
        if (code.includes('__vite__mapDeps')) throw new Error(`entry-without-preload-lists: a preload list was left in ${chunk.fileName}`);
        chunk.code = code;
      },
    },
  };
}

/**
 * Vike's client entry carries the configuration of every page, and its start parsed and resolved all of them (most of
 * the longest task before a page answers a tap). With server routing the browser only ever shows the page the server
 * rendered, whose id is in the page's `vike_pageContext` JSON, so the client build passes the list through a filter
 * that keeps only that page's configuration for Vike to parse. If the id cannot be read, every page is kept, as
 * before. The build fails if Vike's generated module no longer declares the list this way.
 */
function entryWithCurrentPageOnly(): Plugin {
  const declaration = 'export const pageConfigsSerialized = [';
  const end = '\n];\nexport const pageConfigGlobalSerialized = {';
  const pick = `function __currentPageOnly(pages) {
  const json = document.getElementById('vike_pageContext')?.textContent ?? '';
  const match = /"pageId":("(?:[^"\\\\]|\\\\.)*")/.exec(json);
  const pageId = match ? JSON.parse(match[1]) : null;
  const shown = pages.filter((page) => page.pageId === pageId);
  return shown.length === 1 ? shown : pages;
}
`;
  return {
    name: 'tabitoko:entry-with-current-page-only',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!id.endsWith('virtual:vike:global-entry:client:server-routing')) return null;
      const from = code.indexOf(declaration);
      const to = code.indexOf(end, from);
      if (from === -1 || to === -1) throw new Error(`entry-with-current-page-only: pageConfigsSerialized not found in ${id}`);
      return {
        code: `${code.slice(0, from)}${pick}export const pageConfigsSerialized = __currentPageOnly([${code.slice(from + declaration.length, to)}\n]);${code.slice(to + 3)}`,
        map: null,
      };
    },
  };
}

export function serverRoutingPlugins(): Plugin[] {
  return [getPageContextWithoutClientRouter(), entryWithoutPreloadLists(), entryWithCurrentPageOnly()];
}
