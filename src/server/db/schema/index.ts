/**
 * The database's tables, one module per part of the product; every caller imports them from here
 * (`../db/schema`), and drizzle-kit reads this folder to generate migrations (drizzle.config.ts).
 * Column types shared by the modules (money as integer cents, bytes, timestamps) are in `columns.ts`.
 */
export * from './accounts';
export * from './images';
export * from './events';
export * from './trucks';
export * from './orders';
export * from './funding';
export * from './payouts';
export * from './chat';
export * from './background';
export * from './simulator';
export * from './guarantees';
export * from './pickup';
