/** Text that PostgreSQL cannot store (it refuses U+0000 in `text`), and that no person types. */
export const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000)';

/** The path of the first string inside `value` that holds a NUL character, or null when none does. */
export function findNulText(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNulText(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
