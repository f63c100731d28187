import { GUEST_SENDER } from '../../core/chat';
import type { Session, SessionUser } from '../auth/sessions';

/** Who is on the other end of a socket: decided from the session, never from what the client writes. */
export type ChatIdentity =
  | { role: 'visitor'; visitorKey: string; userId: number | null; sender: string }
  | { role: 'admin'; userId: number; sender: string };

/** A signed-in visitor's conversation follows the account; a guest's belongs to the browser. */
export function chatIdentityFor(session: Session, user: SessionUser | null): ChatIdentity {
  if (user?.role === 'admin') return { role: 'admin', userId: user.id, sender: user.username };
  if (user) return { role: 'visitor', visitorKey: `user:${user.id}`, userId: user.id, sender: user.username };
  return {
    role: 'visitor',
    visitorKey: `guest:${session.data.visitorKey}`,
    userId: null,
    sender: GUEST_SENDER,
  };
}
