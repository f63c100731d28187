import { and, eq, sql } from 'drizzle-orm';
import type { ChatClientMessage, ChatMessage } from '../../core/chat';
import type { DbOrTx } from '../db/client';
import { chatConversations, chatMessages } from '../db/schema';
import type { ChatIdentity } from './chat-identity';
import { CHAT_NOTICES } from './chat-words';
import { findConversation, findMessage, toChatMessage } from './chat.repository';

export type SendChatMessageResult =
  /** Stored now: to be fanned out. */
  | { status: 'stored'; message: ChatMessage }
  /** This sender already sent this id (a retry): answer it with the stored copy, store nothing. */
  | { status: 'duplicate'; message: ChatMessage }
  | { status: 'refused'; reason: string };

/**
 * Stores one message from a socket. The sender, its role, the time and the conversation come from
 * the identity the session gave the socket; of the client's frame only id, text and the reply target
 * are used.
 */
export async function sendChatMessage(
  db: DbOrTx,
  identity: ChatIdentity,
  input: ChatClientMessage,
  now: Date,
): Promise<SendChatMessageResult> {
  const conversationId =
    identity.role === 'admin'
      ? await findAnsweredConversation(db, input)
      : await ensureConversation(db, identity, now);
  if (conversationId === null) {
    return { status: 'refused', reason: CHAT_NOTICES.chooseConversation };
  }

  const replyTo = input.replyTo ? await keepIfInConversation(db, input.replyTo, conversationId) : null;
  const senderRole = identity.role === 'admin' ? 'admin' : 'visitor';
  const [row] = await db
    .insert(chatMessages)
    .values({
      id: input.id,
      conversationId,
      type: 'message',
      text: input.text,
      sender: identity.sender,
      senderRole,
      replyTo,
      // Only a visitor's page helps support; an admin's is the monitor.
      page: identity.role === 'visitor' ? (input.page ?? null) : null,
      timestamp: now.getTime(),
    })
    .onConflictDoNothing({ target: chatMessages.id })
    .returning();

  if (!row) {
    const existing = await findMessage(db, input.id);
    if (existing && existing.conversationId === conversationId && existing.senderRole === senderRole) {
      return { status: 'duplicate', message: existing };
    }
    return { status: 'refused', reason: CHAT_NOTICES.idTaken };
  }
  await db
    .update(chatConversations)
    .set({ lastMessageAt: now })
    .where(
      and(
        eq(chatConversations.id, conversationId),
        sql`${chatConversations.lastMessageAt} < ${now.toISOString()}::timestamptz`,
      ),
    );
  return { status: 'stored', message: toChatMessage(row) };
}

async function ensureConversation(
  db: DbOrTx,
  identity: Extract<ChatIdentity, { role: 'visitor' }>,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(chatConversations)
    .values({
      visitorKey: identity.visitorKey,
      userId: identity.userId,
      displayName: identity.sender,
      createdAt: now,
      lastMessageAt: now,
    })
    // The display name follows a renamed account.
    .onConflictDoUpdate({ target: chatConversations.visitorKey, set: { displayName: identity.sender } })
    .returning({ id: chatConversations.id });
  return row!.id;
}

/** An admin answers the conversation named by id, or the one holding the message it replies to. */
async function findAnsweredConversation(db: DbOrTx, input: ChatClientMessage): Promise<number | null> {
  if (input.conversationId !== undefined) {
    return (await findConversation(db, input.conversationId))?.id ?? null;
  }
  if (input.replyTo) return (await findMessage(db, input.replyTo))?.conversationId ?? null;
  return null;
}

/** A reply may only point into its own conversation; anything else is dropped, not leaked. */
async function keepIfInConversation(
  db: DbOrTx,
  replyTo: string,
  conversationId: number,
): Promise<string | null> {
  const target = await findMessage(db, replyTo);
  return target?.conversationId === conversationId ? replyTo : null;
}
