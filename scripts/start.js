// npm start: build the client and compile the server when either is missing or stale, then migrate
// and serve (dist/server/main.js, compiled from src/server/main.ts). Plain JavaScript run by plain
// node: when nothing changed, no TypeScript compiler is loaded at all (decision 092).
/* global process */
import { CLIENT_BUILD, isStale, SERVER_BUILD } from './build-stamp.js';

const clientStale = isStale(CLIENT_BUILD);
const serverStale = isStale(SERVER_BUILD);
if (clientStale || serverStale) {
  const { tsImport } = await import('tsx/esm/api');
  if (clientStale) {
    const { buildClient } = await tsImport('./build-client.ts', import.meta.url);
    await buildClient();
  }
  if (serverStale) {
    const { buildServer } = await tsImport('./build-server.ts', import.meta.url);
    await buildServer();
  }
}
process.setSourceMapsEnabled(true);
await import('../dist/server/main.js');
