import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponse } from '../../contract/common';
import {
  onboardingLinkSchema,
  payoutAccountSchema,
  payoutStatementQuerySchema,
  payoutStatementSchema,
} from '../../contract/payouts';
import { requireRole } from '../auth/sessions';
import { applyAccountUpdate } from './apply-account-update';
import {
  getPayoutStatementPage,
  STATEMENT_CSV_COLUMNS,
  statementCsvRows,
  toStatementDto,
} from './get-payout-statement';
import { requestLanguage } from '../i18n';
import { csvColumns, csvStream, sendCsv } from '../http/csv';
import { toPayoutAccountDto } from './payout-account-dto';
import { payoutAccountOf } from './payout-queries';
import { startPayoutOnboarding } from './start-payout-onboarding';
import { routeSchemasTagged } from '../http/route-schema';

/** The money page's API: only trucks and organizers are paid, each sees only their own money. */
const routeSchema = routeSchemasTagged(['payouts']);

export const payoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const payee = (request: Parameters<typeof requireRole>[0]) =>
    requireRole(request, 'foodtruck', 'organizer');

  const accountOf = (userId: number) => payoutAccountOf(ctx.db, userId);

  app.get(
    '/api/payouts',
    {
      schema: routeSchema({
        operationId: 'getPayoutStatement',
        summary: "The payee's payouts",
        login: true,
        querystring: payoutStatementQuerySchema,
        response: { 200: payoutStatementSchema },
      }),
    },
    async (request) => {
      const user = await payee(request);
      const page = await getPayoutStatementPage(ctx, user, request.query);
      return toStatementDto(page, requestLanguage(request));
    },
  );

  app.get(
    '/api/payouts/export.csv',
    {
      schema: routeSchema({
        operationId: 'exportPayouts',
        summary: "The payee's payouts as CSV",
        login: true,
        response: { 200: fileResponse('text/csv', 'The payout statement as CSV') },
      }),
    },
    async (request, reply) => {
      const user = await payee(request);
      const day = ctx.now().toISOString().slice(0, 10);
      // Streamed a page of events at a time, however long the statement.
      const language = requestLanguage(request);
      const csv = csvStream(
        csvColumns(STATEMENT_CSV_COLUMNS, language),
        statementCsvRows(ctx, user, language),
      );
      return sendCsv(reply, `payouts-${day}.csv`, csv);
    },
  );

  app.get(
    '/api/payouts/account',
    {
      schema: routeSchema({
        operationId: 'getPayoutAccount',
        summary: "The payee's payout account",
        login: true,
        response: { 200: payoutAccountSchema },
      }),
    },
    async (request) => {
      const user = await payee(request);
      return { ...toPayoutAccountDto(await accountOf(user.id)), provider: ctx.payouts.provider };
    },
  );

  /**
   * Starts (or resumes) the provider's hosted onboarding: the browser goes to the answered URL. A POST
   * only: it may create the payout account, and no GET changes state (a link from another site must not).
   * An expired link sends the browser back to `/payouts?onboarding=refresh`, whose button asks here again.
   */
  app.post(
    '/api/payouts/account/onboarding',
    {
      schema: routeSchema({
        operationId: 'startPayoutOnboarding',
        summary: 'A link to set up the payout account',
        login: true,
        response: { 200: onboardingLinkSchema },
      }),
    },
    async (request) => {
      const user = await payee(request);
      return startPayoutOnboarding(ctx, user);
    },
  );

  /**
   * Back from onboarding: the webhook may not have arrived yet, so the account is read from the
   * provider now (the same update the webhook applies).
   */
  app.post(
    '/api/payouts/account/refresh',
    {
      schema: routeSchema({
        operationId: 'refreshPayoutAccount',
        summary: "Read the payout account's state again",
        login: true,
        response: { 200: payoutAccountSchema },
      }),
    },
    async (request) => {
      const user = await payee(request);
      const row = await accountOf(user.id);
      if (row) await applyAccountUpdate(ctx, await ctx.payouts.retrieveAccount(row.accountId));
      return { ...toPayoutAccountDto(await accountOf(user.id)), provider: ctx.payouts.provider };
    },
  );
};
