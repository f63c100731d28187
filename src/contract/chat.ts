import { z } from '../core/schemas/zod-messages';

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
export type ChatHistoryDto = z.infer<typeof chatHistorySchema>;

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
    }),
  ),
});
export type AdminChatDto = z.infer<typeof adminChatSchema>;
