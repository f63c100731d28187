import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serial('id').primaryKey(),
    /** `user:<id>` for a signed-in visitor, `guest:<random>` for a guest's browser. */
    visitorKey: text('visitor_key').notNull(),
    userId: integer('user_id').references(() => users.id),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_conversations_visitor_idx').on(t.visitorKey)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    type: text('type', { enum: ['message', 'system'] })
      .notNull()
      .default('message'),
    text: text('text').notNull(),
    sender: text('sender').notNull(),
    senderRole: text('sender_role', { enum: ['visitor', 'admin', 'system'] }).notNull(),
    replyTo: text('reply_to'),
    /** The path of the page a visitor wrote from (the monitor shows it; decision 158). */
    page: text('page'),
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.timestamp)],
);

/** Live socket counts per app instance, so activeConnections counts all of them. */
export const chatPresence = pgTable('chat_presence', {
  instanceId: text('instance_id').primaryKey(),
  connections: integer('connections').notNull(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
});
