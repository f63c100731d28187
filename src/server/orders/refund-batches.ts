import { and, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { claimRows, unclaimed, type ClaimableTable } from '../db/claim-rows';
import { CLAIM_LEASE_MS } from '../jobs/claim-lease';
import { runPool } from '../jobs/run-pool';
import type { EngineCtx } from './sync-order';

/** Refunds claimed at a time. */
const BATCH = 100;

/**
 * Where a refund task finds its work: the rows of `table` that `due` names, each held while it is sent
 * by a claim in `claimedAt` (a lease of CLAIM_LEASE_MS) that `claim` stamps.
 */
export interface RefundQueue<T extends ClaimableTable> {
  table: T;
  due: (now: Date) => SQL | undefined;
  claimedAt: AnyPgColumn;
  claim: (now: Date) => PgUpdateSetSource<T>;
}

/**
 * The money lane's refund tasks' loop: claims a batch, sends its refunds as many at a time as captures
 * may go, and claims again until nothing is due or the reconciler halts (the claims of a halted
 * instance lapse to the others). Answers how many refunds `send` reported made.
 */
export async function refundInBatches<T extends ClaimableTable>(
  ctx: EngineCtx,
  queue: RefundQueue<T>,
  send: (ctx: EngineCtx, row: T['$inferSelect']) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await claimBatch(ctx, queue);
    if (claimed.length === 0) return done;
    await runPool(claimed, ctx.config.payments.captureConcurrency, async (row) => {
      if (await send(ctx, row)) done++;
    });
    if (ctx.reconciler.halted) return done;
  }
}

/** Up to a batch of the due rows no live claim holds, oldest first, claimed for this instance. */
function claimBatch<T extends ClaimableTable>(ctx: EngineCtx, queue: RefundQueue<T>) {
  const now = ctx.now();
  return claimRows(
    ctx.db,
    queue.table,
    {
      where: and(queue.due(now), unclaimed(queue.claimedAt, now, CLAIM_LEASE_MS)),
      orderBy: [queue.table.id],
      limit: BATCH,
    },
    queue.claim(now),
  );
}
