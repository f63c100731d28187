// npm start: build the client and compile the server when either is missing or stale, then migrate
// and serve (dist/server/start-server.js, compiled from src/server/start-server.ts). Plain JavaScript
// run by plain node: when nothing changed, no TypeScript compiler is loaded at all (decision 092).
// Every step that can take more than a second or two says so, numbered, with its time (decision 112).
/* global clearInterval, performance, process, setInterval */
import { CLIENT_BUILD, isStale, SERVER_BUILD } from './build-stamp.js';
import { isSupportedNode, SUPPORTED_NODE } from './supported-node.js';

if (!isSupportedNode(process.versions.node)) {
  const releases = SUPPORTED_NODE.map(([major, minor]) => `${major}.${minor}`).join(' or ');
  process.stderr.write(`Food Truck Fund needs Node.js ${releases} or later; this is ${process.version}.\n`);
  process.exit(1);
}

const clientStale = isStale(CLIENT_BUILD);
const serverStale = isStale(SERVER_BUILD);
let progress;
if (clientStale || serverStale) {
  process.stdout.write(
    'Building Food Truck Fund before it starts: about a minute the first time on a small machine, ' +
      'a second or two for every start after.\n',
  );
  // Loading the TypeScript loader and the build's own modules takes a second or three on a busy machine.
  const began = performance.now();
  const loading = setInterval(() => {
    process.stdout.write(
      `      loading the build tools, ${((performance.now() - began) / 1000).toFixed(1)} s…\n`,
    );
  }, 1500);
  const { tsImport } = await import('tsx/esm/api');
  const [{ StartProgress }, { loadConfig }, { planServerStart }] = await Promise.all([
    tsImport('../src/server/start-up/start-progress.ts', import.meta.url),
    tsImport('../src/server/config.ts', import.meta.url),
    tsImport('../src/server/start-up/plan-start.ts', import.meta.url),
  ]);
  clearInterval(loading);
  progress = new StartProgress();
  // Every step numbered from the first: the server's steps are known before anything is built.
  progress.plan('build', Number(clientStale) + Number(serverStale));
  progress.plan('server', planServerStart(loadConfig()).steps);
  try {
    if (clientStale) {
      // Vite runs its plugins on the main thread, seconds at a stretch on a busy machine.
      progress.step('Building the web client', { busy: true });
      const { buildClient } = await tsImport('./build-client.ts', import.meta.url);
      await buildClient({ progress });
    }
    if (serverStale) {
      progress.step('Compiling the server');
      const { buildServer } = await tsImport('./build-server.ts', import.meta.url);
      await buildServer({ quiet: true });
    }
    progress.endStep();
  } catch (error) {
    progress.fail();
    throw error;
  }
}
process.setSourceMapsEnabled(true);
const { startServer } = await import('../dist/server/start-server.js');
await startServer(progress);
