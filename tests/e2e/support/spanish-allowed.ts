import type { Allowed } from './spanish-check';

/**
 * What a Spanish reader may still see in English, each with why. Only texts of two words or more need
 * an entry: a single word (Stripe, Google, OpenStreetMap, USD, CVC) is never looked for. Entries marked
 * "server text: being translated" or "currency helper" are holes other work is closing: remove them
 * when it lands.
 */
export const ALLOWED: Allowed[] = [
  // The product's name, the same in every language (es/common: "¡Te damos la bienvenida a Food Truck Fund!").
  { text: 'Food Truck Fund', why: 'brand' },
  // The Spanish catalogs keep "food truck" as a loanword (es/common: "Encuentra un food truck").
  { text: /food trucks?/giu, why: 'loanword the Spanish texts use' },
];
