/** Text that PostgreSQL cannot store (it refuses U+0000 in `text`), and that no person types. */
export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000)';

/** The path of the first string inside `value` that holds a NUL character, or null when none does. */
export function findNulText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  // Every request's headers, parameters and query go through here: the usual answer, none, is found
  // without building a path for every key.
  if (depth === 0 && !holdsNul(value, 0)) return null;
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNulText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Whether any string (or key) inside `value`, down to findNulText's depth, holds a NUL character. */
function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}
