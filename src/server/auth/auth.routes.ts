import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmailSchema,
  changePasswordSchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerRequestSchema,
  userSchema,
  languageChoiceSchema,
  verifyEmailSchema,
} from '../../contract/auth';
import { messageSchema } from '../../contract/common';
import { routeRateLimit } from '../http/rate-limit';
import { authenticateUser } from './authenticate-user';
import { changeEmail } from './change-email';
import { changePassword } from './change-password';
import { resendVerificationMail, verifyEmail } from './email-verification';
import { registerUser } from './register-user';
import { requestPasswordReset, resetPassword } from './reset-password';
import { destroySession, ensureSession, loadSession, requireUser, startUserSession } from './sessions';
import { saveLanguage } from './save-language';
import { toUserDto } from './user-dto';
import { routeSchemasTagged, type RouteOperation } from '../http/route-schema';
import { sayTo } from '../i18n';

const routeSchema = routeSchemasTagged(['auth']);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/register',
    {
      schema: routeSchema({
        operationId: 'registerAccount',
        summary: 'Create an account and sign in',
        body: registerRequestSchema,
        response: { 201: userSchema },
      }),
      config: { rateLimit: routeRateLimit(app.ctx.config.rateLimits, 'registration') },
    },
    async (request, reply) => {
      const user = await registerUser(app.ctx, request.body);
      await startUserSession(request, reply, user.id);
      app.ctx.reconciler.nudge();
      return reply.code(201).send(toUserDto(user));
    },
  );

  app.post(
    '/api/login',
    {
      schema: routeSchema({
        operationId: 'logIn',
        summary: 'Sign in',
        body: loginSchema,
        response: { 200: userSchema },
      }),
    },
    async (request, reply) => {
      const user = await authenticateUser(app.ctx.db, request.body, request.ip, app.ctx.now());
      await startUserSession(request, reply, user.id);
      return toUserDto(user);
    },
  );

  app.post(
    '/api/logout',
    { schema: routeSchema({ operationId: 'logOut', summary: 'Sign out', response: { 200: messageSchema } }) },
    async (request, reply) => {
      await destroySession(request, reply);
      return { message: sayTo(request, 'loggedOut') };
    },
  );

  /** Starting and forgetting a guest's session: a sentence for an answer, under one rate limit. */
  const guestSessionRoute = (operation: RouteOperation) => ({
    schema: routeSchema({ ...operation, response: { 200: messageSchema } }),
    config: { rateLimit: routeRateLimit(app.ctx.config.rateLimits, 'sessions') },
  });

  // A guest's session starts at their first write (docs/decisions/082-sessions-start-at-first-write.md):
  // the checkout starts it before its first request, so a double click shares one session and one order.
  app.post(
    '/api/session',
    guestSessionRoute({
      operationId: 'startGuestSession',
      summary: "Start a guest's session before a first checkout",
    }),
    async (request, reply) => {
      await ensureSession(request, reply);
      reply.header('Cache-Control', 'no-store');
      return { message: sayTo(request, 'sessionStarted') };
    },
  );

  // "Not you? Forget this device": the browser gets a new, empty guest session; the orders and chat
  // of the old one stay reachable only through their receipt links (docs/decisions/025-shared-browsers.md).
  app.post(
    '/api/session/forget',
    guestSessionRoute({
      operationId: 'forgetDevice',
      summary: "Forget this browser's guest session and orders",
    }),
    async (request, reply) => {
      await destroySession(request, reply);
      await ensureSession(request, reply);
      reply.header('Cache-Control', 'no-store');
      return { message: sayTo(request, 'forgotten') };
    },
  );

  app.get(
    '/api/user',
    {
      schema: routeSchema({
        operationId: 'getCurrentUser',
        summary: 'The signed-in account',
        login: true,
        response: { 200: userSchema },
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request, reply);
      reply.header('Cache-Control', 'no-store');
      return toUserDto(user);
    },
  );

  app.put(
    '/api/account/language',
    {
      schema: routeSchema({
        operationId: 'saveLanguage',
        summary: "Save the account's language",
        login: true,
        body: languageChoiceSchema,
        response: { 200: userSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      return toUserDto(await saveLanguage(app.ctx.db, user, request.body.language, app.ctx.now()));
    },
  );

  // Accounts people can recover (docs/decisions/120-accounts-people-can-recover.md).
  app.post(
    '/api/account/password',
    {
      schema: routeSchema({
        operationId: 'changePassword',
        summary: "Change the account's password",
        login: true,
        body: changePasswordSchema,
        response: { 200: messageSchema },
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const session = (await loadSession(request))!;
      const ended = await changePassword(app.ctx, user, request.body, session.sid);
      // The browser that changed it stays signed in, under a new session id.
      await startUserSession(request, reply, user.id);
      app.ctx.reconciler.nudge();
      reply.header('Cache-Control', 'no-store');
      return {
        message:
          ended > 0
            ? 'Your password was changed. Every other device was signed out.'
            : 'Your password was changed.',
      };
    },
  );

  app.post(
    '/api/account/email',
    {
      schema: routeSchema({
        operationId: 'changeEmail',
        summary: "Change the account's e-mail address",
        login: true,
        body: changeEmailSchema,
        response: { 200: userSchema },
      }),
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const updated = await changeEmail(app.ctx, user, request.body);
      app.ctx.reconciler.nudge();
      reply.header('Cache-Control', 'no-store');
      return toUserDto(updated);
    },
  );

  app.post(
    '/api/password-reset/request',
    {
      schema: routeSchema({
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link',
        body: passwordResetRequestSchema,
        response: { 200: messageSchema },
      }),
    },
    async (request) => {
      await requestPasswordReset(app.ctx, request.body.login, request.ip);
      app.ctx.reconciler.nudge();
      return { message: sayTo(request, 'resetRequested') };
    },
  );

  app.post(
    '/api/password-reset',
    {
      schema: routeSchema({
        operationId: 'resetPassword',
        summary: "Set a new password with a reset link's token",
        body: passwordResetSchema,
        response: { 200: messageSchema },
      }),
    },
    async (request) => {
      await resetPassword(app.ctx, request.body);
      app.ctx.reconciler.nudge();
      return { message: sayTo(request, 'passwordReset') };
    },
  );

  app.post(
    '/api/account/verify-email',
    {
      schema: routeSchema({
        operationId: 'verifyEmail',
        summary: "Confirm an e-mail address with a mailed link's token",
        body: verifyEmailSchema,
        response: { 200: messageSchema },
      }),
    },
    async (request) => {
      await verifyEmail(app.ctx.db, request.body.token, app.ctx.now());
      return { message: sayTo(request, 'emailConfirmed') };
    },
  );

  app.post(
    '/api/account/verification-email',
    {
      schema: routeSchema({
        operationId: 'sendVerificationEmail',
        summary: 'Mail a new confirmation link',
        login: true,
        response: { 200: messageSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      await resendVerificationMail(app.ctx, user);
      app.ctx.reconciler.nudge();
      return { message: sayTo(request, 'newLinkSent', { email: user.contactEmail ?? '' }) };
    },
  );
};
