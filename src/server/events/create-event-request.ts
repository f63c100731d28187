import { and, eq, inArray } from 'drizzle-orm';
import { asCurrency, hundredthsToMinor, tooManyDecimalsMessage } from '../../core/currency';
import { approvalDeadline } from '../../core/event-status';
import { percentageToBasisPoints } from '../../core/pricing';
import { goalBelowMinimumMessage, type CreateEvent } from '../../core/schemas/event';
import { computeEventInstants } from '../../core/zoned-time';
import { refuseSkippedTimes } from './refuse-skipped-times';
import type { Db } from '../db/client';
import { eventMenuItems, events, menuItems, users } from '../db/schema';
import { DomainError } from '../domain-error';
import { applyImageChange, readImageChange, settleOwnerImages } from '../images/image-store';
import { enqueueMail } from '../outbox/enqueue-mail';
import { approvalRequestMail } from './event-mail';
import { recordEventCreated } from '../engine/event-engine';
import { assertTruckAvailable } from '../trucks/truck-availability';
import { assertTruckBookable } from '../trucks/assert-truck-bookable';

/**
 * An organizer's request to a truck. Status, organizer and the 24-hour expiry are set here,
 * whatever the client sent; the truck is told by e-mail in the same transaction.
 */
export async function createEventRequest(
  db: Db,
  organizer: typeof users.$inferSelect,
  input: CreateEvent,
  now: Date,
  baseUrl: string,
) {
  refuseSkippedTimes(input.date, input.startTime, input.endTime, input.timeZone);
  const { startsAt, endsAt } = computeEventInstants(
    input.date,
    input.startTime,
    input.endTime,
    input.timeZone,
  );
  if (startsAt <= now) {
    throw new DomainError('start_in_past', 'The event must start in the future', {
      fields: { date: 'The event must start in the future' },
    });
  }
  const cover = await readImageChange(input.coverImage, null, 'coverImage', { db, id: organizer.id });
  return db.transaction(async (tx) => {
    const [truck] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, input.foodTruckId), eq(users.role, 'foodtruck')))
      // Its currency may not change while the event is being made in it (decision 230).
      .for('share');
    if (!truck)
      throw new DomainError('truck_unknown', 'The selected food truck does not exist', {
        fields: {
          foodTruckId: 'Food truck selection is required',
        },
      });
    await assertTruckBookable(tx, truck);
    // The goal is in the truck's currency (decision 230): typed hundredths become its minor units.
    const currency = asCurrency(truck.currency);
    const minimumSales = hundredthsToMinor(input.minimumSales, currency);
    if (minimumSales === null) {
      const message = tooManyDecimalsMessage(currency);
      throw new DomainError('amount_decimals', message, { fields: { minimumSales: message } });
    }
    if (truck.minimumSales !== null && minimumSales < truck.minimumSales) {
      const message = goalBelowMinimumMessage(
        truck.businessName ?? truck.username,
        truck.minimumSales,
        currency,
      );
      throw new DomainError('goal_below_truck_minimum', message, { fields: { minimumSales: message } });
    }
    await assertTruckAvailable(tx, truck, input.date);

    const selected = [...new Set(input.selectedMenuItems ?? [])];
    if (selected.length > 0) {
      const owned = await tx
        .select({ id: menuItems.id })
        .from(menuItems)
        .where(
          and(
            inArray(menuItems.id, selected),
            eq(menuItems.foodTruckId, truck.id),
            eq(menuItems.isActive, true),
          ),
        );
      if (owned.length !== selected.length) {
        throw new DomainError(
          'menu_items_not_on_truck',
          "Some selected menu items are not on this truck's menu",
          {
            fields: {
              selectedMenuItems: "Some selected menu items are not on this truck's menu",
            },
          },
        );
      }
    }

    const [event] = await tx
      .insert(events)
      .values({
        title: input.title,
        date: input.date,
        startTime: input.startTime,
        endTime: input.endTime,
        timeZone: input.timeZone,
        startsAt,
        endsAt,
        location: input.location,
        expectedDiners: input.expectedDiners,
        organizerId: organizer.id,
        foodTruckId: truck.id,
        currency: truck.currency,
        status: 'pending_approval',
        approvalExpiryDate: approvalDeadline(now, startsAt),
        minimumSales,
        currentSales: 0,
        priceMarkupPercentage: percentageToBasisPoints(input.priceMarkupPercentage),
        cause: input.cause,
        coverImageHash: await applyImageChange(tx, organizer.id, cover, null),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (selected.length > 0) {
      await tx
        .insert(eventMenuItems)
        .values(selected.map((menuItemId) => ({ eventId: event!.id, menuItemId })));
    }
    await settleOwnerImages(tx, organizer.id, cover, 'coverImage');
    await recordEventCreated(tx, event!.id, now);
    if (truck.contactEmail) {
      await enqueueMail(tx, {
        to: truck.contactEmail,
        recipient: { userId: truck.id, topic: 'requests' },
        ...approvalRequestMail(event!, organizer, truck, baseUrl),
      });
    }
    return event!;
  });
}
