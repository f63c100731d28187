import type { TransitionLogRow } from '../../core/status-plan';
import type { DbOrTx } from '../db/client';
import { statusTransitions } from '../db/schema';

/**
 * Every status change of an event or an order is kept, with when and why. The engine is the only
 * writer of the log, in the same transaction as the change itself (the order path's single statement
 * writes its row in SQL, in `goal-fast-path.ts`).
 */
export async function writeTransitionLog(db: DbOrTx, rows: readonly TransitionLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(statusTransitions).values(
    rows.map((row) => ({
      entity: row.entity,
      entityId: row.id,
      fromStatus: row.from,
      toStatus: row.to,
      reason: row.reason,
      at: row.at,
    })),
  );
}
