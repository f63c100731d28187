import { startServer } from './start-server';

// `node dist/server/main.js`, `npm run dev` and the tests start here; `npm start` imports
// dist/server/start-server.js and hands in the progress that numbered its build steps (decision 112).
await startServer();
