import { and, count, desc, eq, gt, inArray, isNotNull, lt, lte, sql, sum } from 'drizzle-orm';
import type { ChatConversationSummary, ChatMessage } from '../../core/chat';
import { visiblePickupCode } from '../../core/fulfilment';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { DbOrTx } from '../db/client';
import { chatConversations, chatMessages, chatPresence, events, pendingOrders } from '../db/schema';
import { CHAT_MONITOR_CONVERSATIONS, CHAT_MONITOR_MESSAGES_PER_CONVERSATION } from './chat-limits';

type MessageRow = typeof chatMessages.$inferSelect;

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    sender: row.sender,
    senderRole: row.senderRole,
    timestamp: row.timestamp,
    replyTo: row.replyTo,
    conversationId: row.conversationId,
  };
}

/** A stored message and the visitor whose conversation it belongs to, for delivery. */
export async function findMessageForDelivery(
  db: DbOrTx,
  id: string,
): Promise<{ message: ChatMessage; visitorKey: string } | null> {
  const [row] = await db
    .select({ message: chatMessages, visitorKey: chatConversations.visitorKey })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(eq(chatMessages.id, id));
  return row ? { message: toChatMessage(row.message), visitorKey: row.visitorKey } : null;
}

export async function findMessage(db: DbOrTx, id: string): Promise<ChatMessage | null> {
  const [row] = await db.select().from(chatMessages).where(eq(chatMessages.id, id));
  return row ? toChatMessage(row) : null;
}

export async function findConversation(db: DbOrTx, id: number) {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
  return row ?? null;
}

/** The latest messages of one visitor's conversation, oldest first. */
export async function listVisitorHistory(
  db: DbOrTx,
  visitorKey: string,
  limit: number,
): Promise<ChatMessage[]> {
  const rows = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(eq(chatConversations.visitorKey, visitorKey))
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.createdAt))
    .limit(limit);
  return rows.map((r) => toChatMessage(r.message)).reverse();
}

/** The monitor's view: the conversations with the newest activity first, and their latest messages. */
export async function loadMonitorOverview(
  db: DbOrTx,
): Promise<{ conversations: ChatConversationSummary[]; messages: ChatMessage[] }> {
  const rows = await db
    .select({
      id: chatConversations.id,
      displayName: chatConversations.displayName,
      userId: chatConversations.userId,
      visitorKey: chatConversations.visitorKey,
      lastMessageAt: chatConversations.lastMessageAt,
      messageCount: count(chatMessages.id),
    })
    .from(chatConversations)
    .leftJoin(chatMessages, eq(chatMessages.conversationId, chatConversations.id))
    .groupBy(chatConversations.id)
    .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
    .limit(CHAT_MONITOR_CONVERSATIONS);
  if (rows.length === 0) return { conversations: [], messages: [] };
  const context = await loadVisitorContext(
    db,
    rows.map((r) => ({ id: r.id, visitorKey: r.visitorKey })),
  );
  const conversations = rows.map(({ visitorKey: _key, ...r }) => ({
    ...r,
    lastMessageAt: r.lastMessageAt.getTime(),
    ...(context.get(r.id) ?? { page: null, guest: null, orders: [] }),
  }));

  const ranked = db
    .select({
      id: chatMessages.id,
      rank: sql<number>`row_number() over (partition by ${chatMessages.conversationId} order by ${chatMessages.timestamp} desc, ${chatMessages.createdAt} desc)`.as(
        'rank',
      ),
    })
    .from(chatMessages)
    .where(
      inArray(
        chatMessages.conversationId,
        conversations.map((c) => c.id),
      ),
    )
    .as('ranked');
  const messages = await db
    .select({ message: chatMessages })
    .from(chatMessages)
    .innerJoin(ranked, eq(ranked.id, chatMessages.id))
    .where(lte(ranked.rank, CHAT_MONITOR_MESSAGES_PER_CONVERSATION));
  return {
    conversations,
    messages: messages
      .map((r) => toChatMessage(r.message))
      .sort((a, b) => a.timestamp - b.timestamp || a.id.localeCompare(b.id)),
  };
}

const GUEST_PREFIX = 'guest:';
const ORDERS_PER_VISITOR = 5;

/**
 * What support needs beside a conversation (decision 158): the page the visitor last wrote from and,
 * for a guest, the orders placed in the same browser session (the session's visitor key owns both),
 * with the name and e-mail given at the latest checkout. Only the admins' monitor reads this.
 */
async function loadVisitorContext(
  db: DbOrTx,
  conversations: Array<{ id: number; visitorKey: string }>,
): Promise<Map<number, Pick<ChatConversationSummary, 'page' | 'guest' | 'orders'>>> {
  const ids = conversations.map((c) => c.id);
  const pages = await db
    .selectDistinctOn([chatMessages.conversationId], {
      conversationId: chatMessages.conversationId,
      page: chatMessages.page,
    })
    .from(chatMessages)
    .where(
      and(
        inArray(chatMessages.conversationId, ids),
        eq(chatMessages.senderRole, 'visitor'),
        isNotNull(chatMessages.page),
      ),
    )
    .orderBy(chatMessages.conversationId, desc(chatMessages.timestamp), desc(chatMessages.createdAt));

  const sessionKeys = conversations
    .filter((c) => c.visitorKey.startsWith(GUEST_PREFIX))
    .map((c) => c.visitorKey.slice(GUEST_PREFIX.length));
  const orders =
    sessionKeys.length === 0
      ? []
      : await db
          .select({
            id: pendingOrders.id,
            ownerSessionKey: pendingOrders.ownerSessionKey,
            eventId: pendingOrders.eventId,
            eventTitle: events.title,
            status: pendingOrders.status,
            pickupCode: pendingOrders.pickupCode,
            refundDueAt: pendingOrders.refundDueAt,
            totalAmount: pendingOrders.totalAmount,
            currency: pendingOrders.currency,
            customerName: pendingOrders.customerName,
            customerEmail: pendingOrders.customerEmail,
            createdAt: pendingOrders.createdAt,
          })
          .from(pendingOrders)
          .innerJoin(events, eq(events.id, pendingOrders.eventId))
          .where(inArray(pendingOrders.ownerSessionKey, sessionKeys))
          .orderBy(desc(pendingOrders.createdAt), desc(pendingOrders.id));

  const context = new Map<number, Pick<ChatConversationSummary, 'page' | 'guest' | 'orders'>>();
  for (const conversation of conversations) {
    const key = conversation.visitorKey.startsWith(GUEST_PREFIX)
      ? conversation.visitorKey.slice(GUEST_PREFIX.length)
      : null;
    const own = key === null ? [] : orders.filter((o) => o.ownerSessionKey === key);
    const latest = own[0];
    context.set(conversation.id, {
      page: pages.find((p) => p.conversationId === conversation.id)?.page ?? null,
      guest: latest ? { name: latest.customerName, email: latest.customerEmail } : null,
      orders: own.slice(0, ORDERS_PER_VISITOR).map((o) => ({
        id: o.id,
        eventId: o.eventId,
        eventTitle: o.eventTitle,
        status: o.status,
        pickupCode: visiblePickupCode(o),
        total: minorToDecimal(o.totalAmount, asCurrency(o.currency)),
        currency: asCurrency(o.currency),
        createdAt: o.createdAt.getTime(),
      })),
    });
  }
  return context;
}

export async function writePresence(
  db: DbOrTx,
  instanceId: string,
  connections: number,
  now: Date,
): Promise<void> {
  await db
    .insert(chatPresence)
    .values({ instanceId, connections, heartbeatAt: now })
    .onConflictDoUpdate({ target: chatPresence.instanceId, set: { connections, heartbeatAt: now } });
}

export async function deletePresence(db: DbOrTx, instanceId: string): Promise<void> {
  await db.delete(chatPresence).where(eq(chatPresence.instanceId, instanceId));
}

/** Rows of instances that stopped without saying so (a crash) are swept once long stale. */
export async function sweepPresence(db: DbOrTx, olderThan: Date): Promise<void> {
  await db.delete(chatPresence).where(lt(chatPresence.heartbeatAt, olderThan));
}

/** Open sockets on every instance whose heartbeat is recent. */
export async function countActiveConnections(db: DbOrTx, freshSince: Date): Promise<number> {
  const [row] = await db
    .select({ total: sum(chatPresence.connections).mapWith(Number) })
    .from(chatPresence)
    .where(gt(chatPresence.heartbeatAt, freshSince));
  return row?.total ?? 0;
}
