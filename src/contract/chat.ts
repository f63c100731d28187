import { z } from '../core/schemas/zod-messages';
import { currencySchema, moneySchema } from './common';

/** A chat message as the server sends it, live over the socket or in a history listing. */
export const chatMessageSchema = z
  .object({
    id: z.string(),
    type: z.enum(['message', 'system']),
    text: z.string(),
    /** The visitor's username, "Guest", or the answering admin's username. */
    sender: z.string(),
    senderRole: z.enum(['visitor', 'admin', 'system']),
    /** Milliseconds since the epoch, set by the server. */
    timestamp: z.number(),
    replyTo: z.string().nullable(),
    /** Absent on system notices that belong to no stored conversation. */
    conversationId: z.number().int().nullable(),
  })
  .meta({ id: 'ChatMessage' });

export const chatHistorySchema = z.object({
  messages: z.array(chatMessageSchema),
  /** How this browser's own messages are labelled. */
  sender: z.string(),
  isAdmin: z.boolean(),
});

export const adminChatSchema = z.object({
  messages: z.array(chatMessageSchema),
  activeConnections: z.number().int(),
  conversations: z.array(
    z.object({
      id: z.number().int(),
      displayName: z.string(),
      /** Signed-in visitors only. */
      userId: z.number().int().nullable(),
      lastMessageAt: z.number(),
      messageCount: z.number().int(),
      /** The path of the page the visitor last wrote from, when their browser said (decision 158). */
      page: z.string().nullable(),
      /** A guest's name and e-mail from their latest order in this browser session, if they ordered. */
      guest: z.object({ name: z.string(), email: z.string() }).nullable(),
      /** A guest's orders from this browser session, newest first (at most 5). */
      orders: z.array(
        z.object({
          id: z.number().int(),
          eventId: z.number().int(),
          eventTitle: z.string(),
          status: z.string(),
          pickupCode: z.string().nullable(),
          total: moneySchema,
          /** The order's currency, the event's: `total` is in it (decision 230). */
          currency: currencySchema,
          createdAt: z.number(),
        }),
      ),
    }),
  ),
});
