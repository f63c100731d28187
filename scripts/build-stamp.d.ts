export interface BuildSpec {
  /** written after a successful build, relative to the repository root */
  stamp: string;
  /** files that must exist for the build to count */
  outputs: string[];
  /** files and folders whose changes make the build stale */
  inputs: string[];
}
export const ROOT: string;
export const CLIENT_BUILD: BuildSpec;
export const SERVER_BUILD: BuildSpec;
export function isStale(build: BuildSpec): boolean;
