/** A positive id from a route or query parameter ("42"), or undefined for anything else. */
export function parseId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,12}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 ? id : undefined;
}
