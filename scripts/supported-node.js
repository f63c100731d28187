// Plain JavaScript: `npm start` checks the Node version with it before it loads anything else.
// The same releases as package.json's `engines.node` (tests/integration/supported-node.test.ts keeps
// the two in step; docs/decisions/110-supported-node-and-clean-install.md says why these).

/** The lowest supported release of each line, and every later line from the last one. */
export const SUPPORTED_NODE = [
  [20, 19],
  [22, 13],
];

/** Whether a Node version ("20.19.0", `process.versions.node`) is one the project supports. */
export function isSupportedNode(version) {
  const [major, minor] = version.split('.').map(Number);
  const last = SUPPORTED_NODE[SUPPORTED_NODE.length - 1];
  if (major > last[0]) return true;
  return SUPPORTED_NODE.some(([lineMajor, lowestMinor]) => major === lineMajor && minor >= lowestMinor);
}
