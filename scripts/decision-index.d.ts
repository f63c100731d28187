/** The text of docs/decisions/README.md for the decision records in `dir` (docs/decisions by default). */
export function decisionIndex(dir?: string): string;
