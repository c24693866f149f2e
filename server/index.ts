// Production entry (Procfile web): serves the built pages from dist/.
import module from 'node:module';

// V8's compiled code of the server's modules, kept on disk by Node (its compile cache: os.tmpdir() unless
// NODE_COMPILE_CACHE names another folder), so a restarted process reads it instead of compiling the same files
// again. Enabled before the server's modules load: they are imported below, not at the top.
module.enableCompileCache();
const { boot, handleSignals } = await import('./boot');

const running = await boot({ pages: 'production' });
handleSignals(running);
