import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteMenuItemResponse, menuItemDtoSchema, menuQuerySchema } from '../../contract/menu';
import { idParams } from '../../core/schemas/ids';
import { menuItemSchema, menuItemUpdateSchema } from '../../contract/menu';
import { loadUser, requireRole } from '../auth/sessions';
import { forbidden } from '../http/errors';
import { createMenuItem } from './create-menu-item';
import { cachedAnswer } from '../public-reads/public-read-cache';
import { sendPublicAnswer } from '../public-reads/send-public-answer';
import { deleteMenuItem } from './delete-menu-item';
import { toMenuItemDto } from './menu-item-dto';
import { menuOfTruck, truckCurrency } from './menu-queries';
import { asCurrency } from '../../core/currency';
import { updateMenuItem } from './update-menu-item';
import { throttleImageUpload } from '../images/throttle-image-upload';
import { routeSchemasTagged } from '../http/route-schema';
import { sayTo } from '../i18n';

const routeSchema = routeSchemasTagged(['menu']);

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    // `:id` is the truck's user id here and a menu item's id in PATCH and DELETE: one path, so that the
    // API description has no two paths that differ only by a parameter's name.
    '/api/menu-items/:id',
    {
      schema: routeSchema({
        operationId: 'listMenuItems',
        summary: "A truck's menu (`id` is the truck's)",
        params: idParams('id'),
        // The owner's own menu screen also lists the items it switched off, to switch them on again.
        querystring: menuQuerySchema,
        response: { 200: menuItemDtoSchema.array() },
      }),
    },
    async (request, reply) => {
      const truckId = request.params.id;
      const readMenu = (includeInactive: boolean) => menuOfTruck(app.ctx.db, truckId, includeInactive);
      const publicMenu = async (id: number) => {
        const [items, currency] = await Promise.all([readMenu(false), truckCurrency(app.ctx.db, id)]);
        return items.map((item) => toMenuItemDto(item, currency));
      };
      if (request.query.includeInactive === 'true') {
        const user = await loadUser(request);
        if (user?.id !== truckId) throw forbidden('Only the truck itself can see the items it switched off');
        reply.header('Cache-Control', 'no-store');
        return (await readMenu(true)).map((item) => toMenuItemDto(item, asCurrency(user.currency)));
      }
      // What anyone sees: from the cache of public reads until the truck's menu changes.
      const answer = await app.ctx.publicReads.get('menu', String(truckId), async () =>
        cachedAnswer(menuItemDtoSchema.array().parse(await publicMenu(truckId)), {
          users: [truckId],
        }),
      );
      return sendPublicAnswer(request, reply, answer!);
    },
  );

  app.post(
    '/api/menu-items',
    {
      schema: routeSchema({
        operationId: 'createMenuItem',
        summary: 'Add a dish to the menu',
        login: true,
        body: menuItemSchema,
        response: { 201: menuItemDtoSchema },
      }),
      bodyLimit: 7 * 1024 * 1024 + 64 * 1024,
    },
    async (request, reply) => {
      const truck = await requireRole(request, 'foodtruck');
      const input = request.body;
      if (input.foodTruckId !== undefined && input.foodTruckId !== truck.id) {
        throw forbidden('You can only add items to your own menu');
      }
      await throttleImageUpload(app.ctx, request, truck.id, input.image);
      const currency = asCurrency(truck.currency);
      const item = await createMenuItem(app.ctx.db, truck.id, input, currency);
      return reply.code(201).send(toMenuItemDto(item, currency));
    },
  );

  app.patch(
    '/api/menu-items/:id',
    {
      schema: routeSchema({
        operationId: 'updateMenuItem',
        summary: 'Change a dish',
        login: true,
        params: idParams('id'),
        body: menuItemUpdateSchema,
        response: { 200: menuItemDtoSchema },
      }),
      bodyLimit: 7 * 1024 * 1024 + 64 * 1024,
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      await throttleImageUpload(app.ctx, request, truck.id, request.body.image);
      const currency = asCurrency(truck.currency);
      const item = await updateMenuItem(
        app.ctx.db,
        truck.id,
        Number(request.params.id),
        request.body,
        currency,
      );
      return toMenuItemDto(item, currency);
    },
  );

  app.delete(
    '/api/menu-items/:id',
    {
      schema: routeSchema({
        operationId: 'deleteMenuItem',
        summary: 'Delete a dish, or switch it off if it was ordered',
        login: true,
        params: idParams('id'),
        response: { 200: deleteMenuItemResponse },
      }),
    },
    async (request) => {
      const truck = await requireRole(request, 'foodtruck');
      const outcome = await deleteMenuItem(app.ctx.db, truck.id, Number(request.params.id), app.ctx.now());
      return { message: sayTo(request, 'menuItemDeleted'), deactivated: outcome === 'deactivated' };
    },
  );
};
