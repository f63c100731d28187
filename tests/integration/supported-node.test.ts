import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { isSupportedNode } from '../../scripts/supported-node.js';

/**
 * `npm install` on the oldest Node the project promises prints no engine warning: every package of the
 * lockfile accepts the lowest release of each range in package.json's `engines.node`
 * (docs/decisions/110-supported-node-and-clean-install.md). A dependency that moves to Node 22 only fails here, not on a
 * newcomer's first install.
 */
const root = new URL('../../', import.meta.url);
const readJson = <T>(name: string) => JSON.parse(readFileSync(new URL(name, root), 'utf8')) as T;

const promised = readJson<{ engines: { node: string } }>('package.json').engines.node;
const lowestOfEachRange = promised.split('||').map((range) => semver.minVersion(range.trim())!.version);
const lockfile = readJson<{ packages: Record<string, { version?: string; engines?: { node?: string } }> }>(
  'package-lock.json',
);

describe('the Node versions package.json promises', () => {
  it('start at 20.19 and 22.13, what Vite and its bundler (on every platform) need', () => {
    expect(lowestOfEachRange).toEqual(['20.19.0', '22.13.0']);
  });

  it.each(lowestOfEachRange)('Node %s is accepted by every installed package', (version) => {
    const refusing = Object.entries(lockfile.packages)
      .filter(([path, entry]) => path !== '' && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(version, entry.engines!.node!))
      .map(
        ([path, entry]) =>
          `${path.replace(/^.*node_modules\//, '')}@${entry.version} (${entry.engines!.node})`,
      );
    expect(refusing).toEqual([]);
  });

  it.each(['20.18.3', '22.12.0'])('leave out Node %s, which a package refuses', (version) => {
    expect(semver.satisfies(version, promised)).toBe(false);
    const refusing = Object.values(lockfile.packages).filter(
      (entry) => entry.engines?.node && !semver.satisfies(version, entry.engines.node),
    );
    expect(refusing.length).toBeGreaterThan(0);
  });

  it('are the ones `npm start` lets through, and no others', () => {
    const versions = [
      '18.20.4',
      '20.0.0',
      '20.18.3',
      '20.19.0',
      '20.20.2',
      '21.7.3',
      '22.12.0',
      '22.13.0',
      '24.1.0',
    ];
    for (const version of versions) {
      expect(isSupportedNode(version), version).toBe(semver.satisfies(version, promised));
    }
  });
});
