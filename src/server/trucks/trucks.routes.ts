import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams as idParamsOf } from '../../core/schemas/ids';
import { userSchema } from '../../contract/auth';
import { profilePatchSchema, truckSchema } from '../../contract/trucks';
import { truckSalesTaxSchema } from '../../core/schemas/sales-tax';
import { setTruckSalesTax } from './set-truck-sales-tax';
import { requireUser } from '../auth/sessions';
import { toUserDto } from '../auth/user-dto';
import { forbidden, notFound } from '../http/errors';
import { toTruckDto } from './truck-dto';
import { findTruck } from './truck-queries';
import { updateProfile } from './update-profile';
import { recordEmailChange } from '../auth/email-verification';
import { assertMayMoveRecoveryAddress } from '../auth/change-email';
import { throttleImageUpload } from '../images/throttle-image-upload';
import { routeSchemasTagged } from '../http/route-schema';

const idParams = idParamsOf('id');
const routeSchema = routeSchemasTagged(['trucks']);

export const truckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/:id',
    {
      schema: routeSchema({
        operationId: 'getUserProfile',
        summary: "A user's public profile",
        params: idParams,
        response: { 200: truckSchema },
      }),
    },
    async (request) => {
      const truck = await findTruck(app.ctx.db, request.params.id);
      if (!truck) throw notFound('Food truck not found');
      return toTruckDto(truck);
    },
  );

  // The profile image comes inline as a data URL: allow room for it (5MB as base64).
  app.patch(
    '/api/users/:id',
    {
      schema: routeSchema({
        operationId: 'updateUserProfile',
        summary: "Change one's own profile",
        login: true,
        params: idParams,
        body: profilePatchSchema,
        response: { 200: userSchema },
      }),
      bodyLimit: 7 * 1024 * 1024 + 64 * 1024,
    },
    async (request) => {
      const user = await requireUser(request);
      if (user.id !== request.params.id) throw forbidden('You can only change your own profile');
      // Moving the address reset links go to needs the password (decision 211).
      await assertMayMoveRecoveryAddress(
        app.ctx,
        user,
        request.body.contactEmail,
        request.body.currentPassword,
        app.ctx.now(),
      );
      if (user.role === 'foodtruck') {
        await throttleImageUpload(app.ctx, request, user.id, request.body.profileImage);
      }
      const updated = await updateProfile(app.ctx.db, user, request.body, app.ctx.now());
      // A truck's new area is looked up on the map by the reconciler's sweep, now (decision 197).
      if (updated.role === 'foodtruck' && updated.location && updated.areaGeocodedFor !== updated.location)
        app.ctx.reconciler.nudge();
      // A new address is unconfirmed until its link is opened; the old one is told (decision 120).
      const now = app.ctx.now();
      if (await app.ctx.db.transaction((tx) => recordEmailChange(tx, app.ctx, user, updated, now)))
        app.ctx.reconciler.nudge();
      return toUserDto(updated);
    },
  );

  app.put(
    '/api/users/:id/sales-tax',
    {
      schema: routeSchema({
        operationId: 'setTruckSalesTax',
        summary: "Set the truck's sales-tax rate and what it applies to",
        login: true,
        params: idParams,
        body: truckSalesTaxSchema,
        response: { 200: userSchema },
      }),
    },
    async (request) => {
      const user = await requireUser(request);
      const updated = await setTruckSalesTax(
        app.ctx.db,
        user,
        request.params.id,
        request.body,
        app.ctx.now(),
      );
      return toUserDto(updated);
    },
  );
};
