import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { pendingOrders } from '../../src/server/db/schema';

/** Claims an event's held orders for capture the way the reconciler does, for crash tests. */
export async function claimForTest(app: FastifyInstance, eventId: number) {
  return app.ctx.db
    .update(pendingOrders)
    .set({ captureClaimedAt: app.ctx.now() })
    .where(and(eq(pendingOrders.eventId, eventId), eq(pendingOrders.status, 'confirmed')))
    .returning();
}
