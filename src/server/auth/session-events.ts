import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * NOTIFY channel: a session ended (logout, rotation at login, expiry) or a user's role changed.
 * Every instance listens and closes the chat sockets opened with it at once
 * (docs/decisions/023-sessions-and-sockets.md).
 */
export const SESSION_EVENTS_CHANNEL = 'session_events';

export type SessionEvent = { sid: string } | { userId: number };

/** Announces the end; inside a transaction PostgreSQL delivers it on commit. */
export async function announceSessionEnded(db: DbOrTx, event: SessionEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${SESSION_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

export function parseSessionEvent(payload: string): SessionEvent | null {
  try {
    const value = JSON.parse(payload) as { sid?: unknown; userId?: unknown };
    if (typeof value.sid === 'string') return { sid: value.sid };
    if (typeof value.userId === 'number') return { userId: value.userId };
  } catch {
    // A payload of another version: ignore it.
  }
  return null;
}
