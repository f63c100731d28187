/**
 * npm run test:e2e: the browser tests, in Debian's Chromium. Without a browser they are skipped
 * with a plain reason, unless REQUIRE_E2E=1 (CI), where that is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const reason = `Browser tests skipped: no Chromium at ${chromium} (install it with "apt-get install chromium" or set CHROMIUM_PATH).`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`${reason} REQUIRE_E2E=1 makes this a failure.`);
    process.exit(1);
  }
  console.log(reason);
  process.exit(0);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
