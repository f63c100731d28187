/** npm start: build the client if it is missing or stale, then migrate and serve (src/server/main.ts). */
import { buildClient } from './build-client';

await buildClient();
await import('../src/server/main');
