import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerPacing } from '../../db/schema';

/** Waits for the caller's turn to call the payment provider. */
export interface Pacer {
  wait(): Promise<void>;
}

/**
 * The provider's rate limit, shared by every instance through the database: a GCRA cell whose next
 * free slot moves one interval per call, on the database's clock (so instances with skewed clocks
 * agree). One short statement per call; each caller sleeps until its own slot. Stripe allows 25
 * requests/s in test mode and 100/s live, across every server using the account.
 */
export class DatabasePacer implements Pacer {
  private readonly intervalMs: number;

  constructor(
    private readonly db: Db,
    requestsPerSecond: number,
    private readonly key = 'payments',
  ) {
    this.intervalMs = 1000 / requestsPerSecond;
  }

  async wait(): Promise<void> {
    const interval = `${this.intervalMs} milliseconds`;
    const [slot] = await this.db
      .insert(providerPacing)
      .values({ key: this.key, nextAt: sql`clock_timestamp() + ${interval}::interval` })
      .onConflictDoUpdate({
        target: providerPacing.key,
        set: { nextAt: sql`greatest(provider_pacing.next_at, clock_timestamp()) + ${interval}::interval` },
      })
      .returning({
        inMs: sql<number>`(extract(epoch from (${providerPacing.nextAt} - clock_timestamp())) * 1000)::float8`,
      });
    const waitMs = Number(slot!.inMs) - this.intervalMs;
    if (waitMs > 1) await sleep(waitMs);
  }
}
