import { customType, timestamp } from 'drizzle-orm/pg-core';
import { centsToDecimal, parseDecimalToCents } from '@core/money';

/**
 * numeric(precision, 2) in the database, integer cents in JavaScript: money never passes through a
 * floating point number (docs/decisions/002-money-as-integer-cents.md).
 */
export const cents = customType<{ data: number; driverData: string; config: { precision: number } }>({
  dataType: (config) => `numeric(${config?.precision ?? 10}, 2)`,
  toDriver: (value) => centsToDecimal(value),
  fromDriver: (value) => parseDecimalToCents(String(value)),
});
/**
 * numeric(14, 2): up to $999,999,999,999.99, far past any event's ceiling (MAX_EVENT_SALES_CENTS), so
 * no sum the engine keeps can overflow (docs/decisions/125-no-money-without-an-order.md).
 */
export const moneyCents = (name: string) => cents(name, { precision: 14 });
/** A percentage with two decimals (numeric(5,2)), kept as basis points: 12.50% → 1250. */
export const basisPoints = (name: string) => cents(name, { precision: 5 });

/** Raw bytes (bytea): a Buffer in JavaScript, whichever driver (PGlite hands back a Uint8Array). */
export const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
