// Production entry (Procfile web): serves the built pages from dist/.
import { boot, handleSignals } from './boot';

const running = await boot({ pages: 'production' });
handleSignals(running);
