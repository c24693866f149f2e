// npm run dev: Vite's dev middleware gives hot reload for pages; tsx watch restarts on server changes.
import { boot, handleSignals } from './boot';

const running = await boot({ pages: 'dev' });
handleSignals(running);
