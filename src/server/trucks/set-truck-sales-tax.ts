import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { SessionUser } from '../auth/sessions';
import { DomainError } from '../domain-error';

/**
 * A truck sets its own sales tax (docs/decisions/189-sales-tax.md): the rate in basis points and
 * whether it applies to the food and/or the organizer's markup. Orders already placed keep the tax
 * they were charged; new orders pay the new rate (a page still showing the old one gets the 409 of a
 * changed price).
 */
export async function setTruckSalesTax(
  db: Db,
  user: SessionUser,
  truckId: number,
  tax: { basisPoints: number; onFood: boolean; onMarkup: boolean },
  now: Date,
) {
  if (user.id !== truckId)
    throw new DomainError('not_your_profile', 'You can only change your own sales tax');
  if (user.role !== 'foodtruck')
    throw new DomainError('role_not_allowed', 'Only food trucks collect sales tax');
  const [updated] = await db
    .update(users)
    .set({
      salesTaxBasisPoints: tax.basisPoints,
      salesTaxOnFood: tax.onFood,
      salesTaxOnMarkup: tax.onMarkup,
      updatedAt: now,
    })
    .where(eq(users.id, truckId))
    .returning();
  return updated!;
}
