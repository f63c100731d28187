import { expect } from 'vitest';

/**
 * Checks for property tests that run tens of thousands of cases: plain comparisons, and one `expect`
 * only when something is wrong. An `expect` per check per case builds messages nobody reads and made
 * such tests take 7 to 14 s instead of 1 to 2.
 */
export class Breaches {
  private readonly found: string[] = [];

  /** Records `what` when `actual` and `expected` differ (compared as JSON). */
  same(what: string, actual: unknown, expected: unknown): void {
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      this.found.push(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
    }
  }

  /** Records `what` unless `ok`. */
  check(what: string, ok: boolean): void {
    if (!ok) this.found.push(what);
  }

  /** Fails the test with every breach of this case and the case itself. */
  assertNone(context: unknown): void {
    if (this.found.length > 0) expect.fail(`${this.found.join('; ')} in ${JSON.stringify(context)}`);
  }
}
