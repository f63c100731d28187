import type { DbOrTx } from '../db/client';
import { statusTransitions } from '../db/schema';

/** Every status change of an event or order is kept, with when and why. */
export async function recordTransition(
  db: DbOrTx,
  change: {
    entity: 'event' | 'order';
    id: number;
    from: string | null;
    to: string;
    reason?: string;
    at: Date;
  },
): Promise<void> {
  await db.insert(statusTransitions).values({
    entity: change.entity,
    entityId: change.id,
    fromStatus: change.from,
    toStatus: change.to,
    reason: change.reason ?? null,
    at: change.at,
  });
}
