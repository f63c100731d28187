import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminChatResponse, ChatHistoryResponse } from '../../core/chat';
import { adminChatSchema, chatHistorySchema } from '../../contract/chat';
import { ensureSession, loadSession, loadUser, requireRole } from '../auth/sessions';
import { forbidden, tooManyRequests, unauthorized } from '../http/errors';
import { routeRateLimit } from '../http/rate-limit';
import { expectedOrigin } from '../http/security';
import { requestLanguage } from '../i18n';
import { ChatHub, type ChatSocketOwner } from './chat-hub';
import { chatIdentityFor, type ChatIdentity } from './chat-identity';
import { CHAT_HISTORY_LIMIT } from './chat-limits';
import { listVisitorHistory, loadMonitorOverview } from './chat.repository';
import { routeSchemasTagged } from '../http/route-schema';

const routeSchema = routeSchemasTagged(['chat']);
const adminRouteSchema = routeSchemasTagged(['admin']);

/**
 * The support chat: `GET /api/chat/history` (also starts the browser's session, which the socket
 * needs: an upgrade answer can't reliably set a cookie), the `/ws/chat` socket, and the admins'
 * `GET /api/admin/chat`. Needs @fastify/websocket registered on the app.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new ChatHub(app.ctx, app.log);
  app.ctx.metrics.countConnections('websocket', () => hub.connectionCount);
  app.addHook('onReady', () => hub.start());
  // preClose runs before any onClose, while the database is still open.
  app.addHook('preClose', () => hub.stop());

  const chatRateLimit = { rateLimit: routeRateLimit(app.ctx.config.rateLimits, 'chat') };
  app.get(
    '/api/chat/history',
    {
      schema: routeSchema({
        operationId: 'getChatHistory',
        summary: "This session's support chat",
        response: { 200: chatHistorySchema },
      }),
      config: chatRateLimit,
    },
    async (request, reply): Promise<ChatHistoryResponse> => {
      const session = await ensureSession(request, reply);
      const identity = chatIdentityFor(session, await loadUser(request, reply));
      reply.header('Cache-Control', 'no-store');
      if (identity.role === 'admin') return { messages: [], sender: identity.sender, isAdmin: true };
      const messages = await listVisitorHistory(app.ctx.db, identity.visitorKey, CHAT_HISTORY_LIMIT);
      return { messages, sender: identity.sender, isAdmin: false };
    },
  );

  app.get(
    '/api/admin/chat',
    {
      schema: adminRouteSchema({
        operationId: 'getAdminChat',
        summary: 'Every support conversation, for the admins',
        login: true,
        response: { 200: adminChatSchema },
      }),
    },
    async (request, reply): Promise<AdminChatResponse> => {
      await requireRole(request, 'admin');
      reply.header('Cache-Control', 'no-store');
      const [overview, activeConnections] = await Promise.all([
        loadMonitorOverview(app.ctx.db),
        hub.activeConnections(),
      ]);
      return { messages: overview.messages, activeConnections, conversations: overview.conversations };
    },
  );

  const identities = new WeakMap<FastifyRequest, { identity: ChatIdentity; owner: ChatSocketOwner }>();
  app.get(
    '/ws/chat',
    {
      websocket: true,
      schema: routeSchema({
        operationId: 'openChatSocket',
        login: true,
        summary: 'The support chat socket (WebSocket upgrade; messages are ChatMessage JSON)',
        response: { 101: z.null().meta({ description: 'Switching to the WebSocket protocol' }) },
      }),
      config: chatRateLimit,
      // Runs before the upgrade: a refusal is a plain HTTP answer (403 or 401), never an open socket.
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin === undefined || origin !== expectedOrigin(request, app.ctx.config.publicUrl)) {
          throw forbidden('Cross-origin request refused');
        }
        const session = await loadSession(request);
        if (!session) throw unauthorized('No session: load the chat history first');
        const owner = {
          sid: session.sid,
          ip: request.ip,
          expire: session.expire,
          language: requestLanguage(request),
        };
        const refusal = hub.refusalFor(owner);
        if (refusal) throw tooManyRequests(refusal, 60);
        identities.set(request, { identity: chatIdentityFor(session, await loadUser(request)), owner });
      },
    },
    (socket, request) => {
      const caller = identities.get(request);
      if (!caller) {
        socket.close(1008, 'No session');
        return;
      }
      hub.accept(socket, caller.identity, caller.owner);
    },
  );
};
