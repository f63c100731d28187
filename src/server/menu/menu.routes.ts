import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../core/schemas/ids';
import { dollarsToCents } from '../../core/money';
import { menuItemSchema } from '../../core/schemas/menu';
import { requireRole } from '../auth/sessions';
import { menuItems } from '../db/schema';
import { forbidden } from '../http/errors';
import { checkImageDataUrl } from '../images/check-image';
import { deleteMenuItem } from './delete-menu-item';
import { toMenuItemDto } from './menu-item-dto';

export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/menu-items/:userId', { schema: { params: idParams('userId') } }, async (request) => {
    const items = await app.ctx.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.foodTruckId, request.params.userId), eq(menuItems.isActive, true)))
      .orderBy(asc(menuItems.category), asc(menuItems.name));
    return items.map(toMenuItemDto);
  });

  app.post(
    '/api/menu-items',
    { schema: { body: menuItemSchema }, bodyLimit: 7 * 1024 * 1024 + 64 * 1024 },
    async (request, reply) => {
      const truck = await requireRole(request, 'foodtruck');
      const input = request.body;
      if (input.foodTruckId !== undefined && input.foodTruckId !== truck.id) {
        throw forbidden('You can only add items to your own menu');
      }
      const [item] = await app.ctx.db
        .insert(menuItems)
        .values({
          foodTruckId: truck.id,
          name: input.name,
          description: input.description,
          category: input.category,
          price: dollarsToCents(input.price),
          imageUrl: input.image === null ? null : await checkImageDataUrl(input.image, 'image'),
          isActive: input.isActive,
        })
        .returning();
      return reply.code(201).send(toMenuItemDto(item!));
    },
  );

  app.delete('/api/menu-items/:id', { schema: { params: idParams('id') } }, async (request) => {
    const truck = await requireRole(request, 'foodtruck');
    const outcome = await deleteMenuItem(app.ctx.db, truck.id, Number(request.params.id));
    return { message: 'Menu item deleted successfully.', deactivated: outcome === 'deactivated' };
  });
};
