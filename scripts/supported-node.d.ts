export const SUPPORTED_NODE: Array<[major: number, minor: number]>;
export function isSupportedNode(version: string): boolean;
