import { asCurrency, minorToDecimal } from '../../core/currency';
import { imageUrl } from '../../contract/images';
import type { TruckDto, TruckSummaryDto } from '../../contract/trucks';
import type { users } from '../db/schema';

type UserRow = typeof users.$inferSelect;

/** A truck as anyone may see it: business fields only, never contact details or credentials. */
function toTruckSummaryDto(
  user: Pick<
    UserRow,
    'id' | 'username' | 'businessName' | 'cuisine' | 'minimumSales' | 'currency' | 'description' | 'location'
  >,
): TruckSummaryDto {
  const currency = asCurrency(user.currency);
  return {
    id: user.id,
    username: user.username,
    businessName: user.businessName,
    cuisine: user.cuisine,
    minimumSales: user.minimumSales === null ? null : minorToDecimal(user.minimumSales, currency),
    currency,
    description: user.description,
    location: user.location,
  };
}

export function toTruckDto(user: UserRow): TruckDto {
  return { ...toTruckSummaryDto(user), profileImage: imageUrl(user.profileImageHash) };
}
export type { TruckDto };
