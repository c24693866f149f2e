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

export function serverRoutingPlugins(): Plugin[] {
  return [getPageContextWithoutClientRouter(), entryWithoutPreloadLists()];
}
