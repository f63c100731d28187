import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRole } from '../../core/schemas/auth';
import type { DbOrTx } from '../db/client';
import { perDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { announceSessionEnded } from './session-events';
import { mergeStraySessions, setSessionTrail } from './session-merge';

/** The session cookie's name over plain HTTP (local development, tests). */
export const SESSION_COOKIE = 'sid';
/**
 * Its name over HTTPS (decision 211): browsers take a `__Host-` cookie only from a secure page of this
 * very host, with `Secure`, `Path=/` and no `Domain`, so a neighbouring subdomain or a plain-HTTP page
 * can neither plant one nor overwrite ours.
 */
export const SECURE_SESSION_COOKIE = '__Host-sid';
/** Idle lifetime: a session unused this long ends. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Extend a session only when it has been used a day after its last extension, to spare writes. */
const SESSION_REFRESH_MS = 24 * 60 * 60 * 1000;

export interface SessionData {
  userId?: number;
  /** A stable random key for this browser, guest or not: it owns pre-orders and a chat conversation. */
  visitorKey: string;
  /**
   * When the user signed in (ms since the epoch): a signed-in session ends `sessionMaxAgeDays` later
   * however active it is (decision 211). Absent for guests.
   */
  signedInAt?: number;
}

export interface Session {
  sid: string;
  data: SessionData;
  expire: Date;
}

export type SessionUser = typeof users.$inferSelect;

function newSid(): string {
  return randomBytes(32).toString('base64url');
}

export function newVisitorKey(): string {
  return randomBytes(18).toString('base64url');
}

/** The cookie this request's session travels in: `__Host-sid` over HTTPS, `sid` over HTTP. */
export function sessionCookieName(request: FastifyRequest): string {
  return request.protocol === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** Whether the request carries a session cookie at all (read or not): pages render for visitors without one. */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return Boolean(request.cookies[sessionCookieName(request)]);
}

function cookieOptions(request: FastifyRequest, expires: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    signed: true,
    expires,
  };
}

/**
 * When a session ends if it is not used again: the idle lifetime from now, but never later than its
 * absolute end, `sessionMaxAgeDays` after sign-in (decision 211).
 */
function expiryOf(request: FastifyRequest, data: SessionData, now: Date): Date {
  const idle = now.getTime() + SESSION_TTL_MS;
  if (data.signedInAt === undefined) return new Date(idle);
  const absolute = data.signedInAt + request.server.ctx.config.sessionMaxAgeDays * 24 * 60 * 60 * 1000;
  return new Date(Math.min(idle, absolute));
}

/** Every request with a cookie reads its session: the statement is prepared once (decision 095). */
const currentSession = perDatabase((db) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.sid, sql.placeholder('sid')), gt(sessions.expire, sql.placeholder('now'))))
    .prepare('session_current'),
);

/** Reads (once per request) the session named by the signed cookie, if it exists and is current. */
export async function loadSession(request: FastifyRequest): Promise<Session | null> {
  if (request.sessionCache !== undefined) return request.sessionCache;
  request.sessionCache = null;
  // Over HTTPS only the `__Host-` cookie counts: a plain `sid` there may have been planted.
  const raw = request.cookies[sessionCookieName(request)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const { db, now } = request.server.ctx;
  const [row] = await currentSession(db).execute({ sid: unsigned.value, now: now().toISOString() });
  if (!row) return null;
  const data = row.sess as SessionData;
  // Another tab's guest session, lost to this one's cookie, hands its orders over (decision 233).
  await mergeStraySessions(db, request, { sid: row.sid, visitorKey: data.visitorKey });
  request.sessionCache = { sid: row.sid, data, expire: row.expire };
  return request.sessionCache;
}

async function writeSession(db: DbOrTx, reply: FastifyReply, data: SessionData, now: Date): Promise<Session> {
  const session = { sid: newSid(), data, expire: expiryOf(reply.request, data, now) };
  await db.insert(sessions).values({ sid: session.sid, sess: session.data, expire: session.expire });
  reply.setCookie(
    sessionCookieName(reply.request),
    session.sid,
    cookieOptions(reply.request, session.expire),
  );
  reply.request.sessionCache = session;
  reply.request.userCache = undefined;
  return session;
}

/**
 * Starts a fresh session for a signed-in user. The old session id is destroyed (rotated) so a
 * fixated id is worthless; the browser keeps its visitor key, and so its guest orders and chat.
 */
export async function startUserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<Session> {
  const { db, now } = request.server.ctx;
  const previous = await loadSession(request);
  if (previous) {
    await db.delete(sessions).where(eq(sessions.sid, previous.sid));
    await announceSessionEnded(db, { sid: previous.sid });
  }
  const at = now();
  return writeSession(
    db,
    reply,
    { userId, visitorKey: previous?.data.visitorKey ?? newVisitorKey(), signedInAt: at.getTime() },
    at,
  );
}

/** The session of this browser, created for a guest when it has none (orders, chat). */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<Session> {
  const existing = await loadSession(request);
  if (existing) {
    await refreshSession(request, reply, existing);
    return existing;
  }
  const session = await writeSession(
    request.server.ctx.db,
    reply,
    { visitorKey: newVisitorKey() },
    request.server.ctx.now(),
  );
  // A cookie no other answer overwrites: a tab that started a session at the same time merges it later.
  setSessionTrail(reply, session.sid, cookieOptions(request, session.expire));
  return session;
}

async function refreshSession(request: FastifyRequest, reply: FastifyReply, session: Session): Promise<void> {
  const now = request.server.ctx.now();
  // A signed-in session from before absolute lifetimes starts its count now.
  const unstamped = session.data.userId !== undefined && session.data.signedInAt === undefined;
  if (unstamped) session.data = { ...session.data, signedInAt: now.getTime() };
  const expire = expiryOf(request, session.data, now);
  // Extended at most once a day, and never past the absolute end (then left to run out).
  if (!unstamped && expire.getTime() - session.expire.getTime() < SESSION_REFRESH_MS) return;
  session.expire = expire;
  await request.server.ctx.db
    .update(sessions)
    .set({ expire: session.expire, ...(unstamped ? { sess: session.data } : {}) })
    .where(eq(sessions.sid, session.sid));
  reply.setCookie(sessionCookieName(request), session.sid, cookieOptions(request, session.expire));
}

export async function destroySession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const session = await loadSession(request);
  if (session) {
    await request.server.ctx.db.delete(sessions).where(eq(sessions.sid, session.sid));
    await announceSessionEnded(request.server.ctx.db, { sid: session.sid });
  }
  reply.clearCookie(sessionCookieName(request), { path: '/', secure: request.protocol === 'https' });
  request.sessionCache = null;
  request.userCache = null;
}

/** The signed-in user, or null. */
export async function loadUser(request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser | null> {
  if (request.userCache !== undefined) return request.userCache;
  const session = await loadSession(request);
  request.userCache = null;
  if (!session?.data.userId) return null;
  const [user] = await request.server.ctx.db.select().from(users).where(eq(users.id, session.data.userId));
  request.userCache = user ?? null;
  if (user && reply) await refreshSession(request, reply, session);
  return request.userCache;
}

export async function requireUser(request: FastifyRequest, reply?: FastifyReply): Promise<SessionUser> {
  const user = await loadUser(request, reply);
  if (!user) throw new DomainError('not_signed_in', 'Not authenticated');
  return user;
}

export async function requireRole(request: FastifyRequest, ...roles: UserRole[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!roles.includes(user.role))
    throw new DomainError('role_not_allowed', `Only ${roles.map(roleNoun).join(' or ')} can do that`);
  return user;
}

function roleNoun(role: UserRole): string {
  return { organizer: 'event organizers', foodtruck: 'food truck owners', admin: 'admins' }[role];
}

/** Whether this session still exists, is current and still belongs to this user (null: a guest). */
export async function isSessionCurrent(
  db: DbOrTx,
  sid: string,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ sess: sessions.sess })
    .from(sessions)
    .where(and(eq(sessions.sid, sid), gt(sessions.expire, now)));
  if (!row) return false;
  return ((row.sess as SessionData).userId ?? null) === userId;
}

/**
 * Ends every session of this user but `exceptSid` (a password change keeps the browser that made it):
 * deleted, and announced so their chat sockets close on every instance. Returns how many ended.
 */
export async function endUserSessions(db: DbOrTx, userId: number, exceptSid?: string): Promise<number> {
  const removed = await db
    .delete(sessions)
    .where(
      and(
        sql`(${sessions.sess} ->> 'userId') = ${String(userId)}`,
        exceptSid === undefined ? undefined : ne(sessions.sid, exceptSid),
      ),
    )
    .returning({ sid: sessions.sid });
  for (const { sid } of removed) await announceSessionEnded(db, { sid });
  return removed.length;
}

export async function sweepExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db.delete(sessions).where(lt(sessions.expire, now)).returning({ sid: sessions.sid });
  for (const { sid } of removed) await announceSessionEnded(db, { sid });
  return removed.length;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionCache?: Session | null;
    userCache?: SessionUser | null;
  }
}
