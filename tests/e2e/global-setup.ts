import { buildClient } from '../../scripts/build-client';

/** The browser tests drive the built client: build it once when sources changed. */
export default async function setup() {
  await buildClient({ quiet: true });
}
