/** Postgres unique_violation, from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A unique_violation of the named constraint (index) only. */
export function isUniqueViolationOf(error: unknown, constraint: string): boolean {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | null;
  return isUniqueViolation(error) && (e?.constraint === constraint || e?.cause?.constraint === constraint);
}
