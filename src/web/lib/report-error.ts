/**
 * The one place the client notes a failure it already handled (a toast or a message was shown):
 * the browser console keeps the detail for whoever debugs, the person sees only our words.
 */
export function reportError(what: string, error: unknown): void {
  console.warn(what, error);
}
