import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { pendingOrders, sessions } from '../db/schema';

/**
 * Two tabs of a browser with no session yet that order at once (issue 42, decision 233): each request
 * starts a guest session and answers its cookie, the browser keeps the last one, and the other tab's
 * order would be reachable only from its mail. So every new guest session also leaves a cookie of its
 * own name (`sid-<random>`, `__Host-sid-<random>` over HTTPS), which no other answer overwrites. A later
 * request that carries such a cookie for another live session merges that session into the one it uses:
 * the other session's orders become this one's and the other session ends. The merge is idempotent, so
 * concurrent requests may repeat it.
 */
const TRAIL_PREFIX = 'sid-';

function trailPrefix(request: FastifyRequest): string {
  return request.protocol === 'https' ? `__Host-${TRAIL_PREFIX}` : TRAIL_PREFIX;
}

/** Sets the session's own trail cookie (signed like the session cookie, as long-lived). */
export function setSessionTrail(
  reply: FastifyReply,
  sid: string,
  options: {
    path: string;
    httpOnly: boolean;
    sameSite: 'lax';
    secure: boolean;
    signed: boolean;
    expires: Date;
  },
): void {
  reply.setCookie(`${trailPrefix(reply.request)}${randomBytes(6).toString('base64url')}`, sid, options);
}

/** The other sessions this browser started, as its trail cookies name them (none in most requests). */
function strayTrails(request: FastifyRequest, currentSid: string): string[] {
  const prefix = trailPrefix(request);
  const found: string[] = [];
  for (const [name, raw] of Object.entries(request.cookies)) {
    if (!name.startsWith(prefix) || !raw) continue;
    const unsigned = request.unsignCookie(raw);
    if (unsigned.valid && unsigned.value && unsigned.value !== currentSid) found.push(unsigned.value);
  }
  return found;
}

/**
 * Folds the sessions named by the request's trail cookies into `current`: their guest orders move to
 * `current`'s visitor key, then they end. Only guest sessions are folded (a signed-in session is never
 * ended by another's cookie); nothing happens when the request carries no stray trail.
 */
export async function mergeStraySessions(
  db: DbOrTx,
  request: FastifyRequest,
  current: { sid: string; visitorKey: string },
): Promise<void> {
  const stray = strayTrails(request, current.sid);
  if (stray.length === 0) return;
  const rows = await db.select().from(sessions).where(inArray(sessions.sid, stray));
  const guests = rows.filter((row) => (row.sess as { userId?: number }).userId === undefined);
  if (guests.length === 0) return;
  const keys = guests
    .map((row) => (row.sess as { visitorKey?: string }).visitorKey)
    .filter((key): key is string => typeof key === 'string' && key !== current.visitorKey);
  await db.transaction(async (tx) => {
    if (keys.length > 0)
      await tx
        .update(pendingOrders)
        .set({ ownerSessionKey: current.visitorKey })
        .where(inArray(pendingOrders.ownerSessionKey, keys));
    for (const row of guests) await tx.delete(sessions).where(eq(sessions.sid, row.sid));
  });
}
