import { isLanguage } from '../../core/language';
import { receivedTopics } from '../../core/mail-topics';
import { asCurrency, minorToDecimal } from '../../core/currency';
import type { UserDto } from '../../contract/auth';
import { imageUrl } from '../../contract/images';
import { isEmailVerified } from './email-verification';
import type { SessionUser } from './sessions';

/** The signed-in user as the client sees it: never the password hash. */
export function toUserDto(user: SessionUser): UserDto {
  const currency = asCurrency(user.currency);
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    businessName: user.businessName,
    description: user.description,
    minimumSales: user.minimumSales === null ? null : minorToDecimal(user.minimumSales, currency),
    currency,
    cuisine: user.cuisine,
    profileImage: imageUrl(user.profileImageHash),
    location: user.location,
    contactEmail: user.contactEmail,
    emailVerified: isEmailVerified(user),
    phone: user.phone,
    mailTopics: receivedTopics(user.mailOptOuts),
    salesTax: {
      basisPoints: user.salesTaxBasisPoints,
      onFood: user.salesTaxOnFood,
      onMarkup: user.salesTaxOnMarkup,
    },
    language: isLanguage(user.language) ? user.language : null,
  };
}
export type { UserDto };
