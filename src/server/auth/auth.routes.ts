import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema, registerRequestSchema, userSchema } from '../../contract/auth';
import { errorResponses, messageSchema } from '../../contract/common';
import { routeRateLimit } from '../http/rate-limit';
import { authenticateUser } from './authenticate-user';
import { registerUser } from './register-user';
import { destroySession, ensureSession, requireUser, startUserSession } from './sessions';
import { toUserDto } from './user-dto';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/register',
    {
      schema: {
        tags: ['auth'],
        body: registerRequestSchema,
        response: { 201: userSchema, ...errorResponses },
      },
      config: { rateLimit: routeRateLimit(app.ctx.config.rateLimits, 'registration') },
    },
    async (request, reply) => {
      const user = await registerUser(app.ctx.db, request.body);
      await startUserSession(request, reply, user.id);
      return reply.code(201).send(toUserDto(user));
    },
  );

  app.post(
    '/api/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: userSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = await authenticateUser(app.ctx.db, request.body, request.ip, app.ctx.now());
      await startUserSession(request, reply, user.id);
      return toUserDto(user);
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: { 200: messageSchema, ...errorResponses } } },
    async (request, reply) => {
      await destroySession(request, reply);
      return { message: 'Logged out successfully' };
    },
  );

  // A guest's session starts at their first write (docs/decisions/082-sessions-start-at-first-write.md):
  // the checkout starts it before its first request, so a double click shares one session and one order.
  app.post(
    '/api/session',
    {
      schema: { tags: ['auth'], response: { 200: messageSchema, ...errorResponses } },
      config: { rateLimit: routeRateLimit(app.ctx.config.rateLimits, 'sessions') },
    },
    async (request, reply) => {
      await ensureSession(request, reply);
      reply.header('Cache-Control', 'no-store');
      return { message: 'Session started' };
    },
  );

  // "Not you? Forget this device": the browser gets a new, empty guest session; the orders and chat
  // of the old one stay reachable only through their receipt links (docs/decisions/025-shared-browsers.md).
  app.post(
    '/api/session/forget',
    {
      schema: { tags: ['auth'], response: { 200: messageSchema, ...errorResponses } },
      config: { rateLimit: routeRateLimit(app.ctx.config.rateLimits, 'sessions') },
    },
    async (request, reply) => {
      await destroySession(request, reply);
      await ensureSession(request, reply);
      reply.header('Cache-Control', 'no-store');
      return { message: 'This browser no longer shows your orders or chat.' };
    },
  );

  app.get(
    '/api/user',
    { schema: { tags: ['auth'], response: { 200: userSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('Cache-Control', 'no-store');
      return toUserDto(user);
    },
  );
};
