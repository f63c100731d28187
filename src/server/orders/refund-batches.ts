import { runPool } from '../jobs/run-pool';
import type { EngineCtx } from './sync-order';

/**
 * The money lane's refund tasks' loop: claims a batch, sends its refunds as many at a time as captures
 * may go, and claims again until nothing is due or the reconciler halts (the claims of a halted
 * instance lapse to the others). Answers how many refunds `send` reported made.
 */
export async function refundInBatches<Row>(
  ctx: EngineCtx,
  claimBatch: (ctx: EngineCtx) => Promise<Row[]>,
  send: (ctx: EngineCtx, row: Row) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (;;) {
    const claimed = await claimBatch(ctx);
    if (claimed.length === 0) return done;
    await runPool(claimed, ctx.config.payments.captureConcurrency, async (row) => {
      if (await send(ctx, row)) done++;
    });
    if (ctx.reconciler.halted) return done;
  }
}
