// Production entry (Procfile web): serves the built pages from dist/.
import module from 'node:module';
import path from 'node:path';
import { projectRoot } from '#src/lib/project-root';

// V8's compiled code of the server's modules, kept on disk by Node's compile cache in the project's own folder (as the
// CLI keeps it: cli/launch.mjs), so a restarted process reads it instead of compiling the same files again. Enabled
// before the server's modules load: they are imported below, not at the top.
module.enableCompileCache(process.env.NODE_COMPILE_CACHE || path.join(projectRoot, 'node_modules/.cache/node-compile-cache'));
const { boot, handleSignals } = await import('./boot');

const running = await boot({ pages: 'production' });
handleSignals(running);
