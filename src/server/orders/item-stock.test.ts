import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOLDS_STOCK_STATUSES, holdsStock, stockLabel, unitsLeft } from '../../core/stock';
import { ORDER_STATUSES } from '../../core/order-status';
import { stockExhaustion } from './item-stock';

const migrations = path.join(__dirname, '../db/migrations');
const stockMigration = readdirSync(migrations).find((f) => f.endsWith('_stock-per-event.sql'))!;

describe('stock per event', () => {
  it("the database's rule of which orders hold units is the core's", () => {
    const sql = readFileSync(path.join(migrations, stockMigration), 'utf8');
    const listed = sql.match(/SELECT status IN \(([^)]*)\) AND refund_due_at IS NULL/)![1]!;
    expect(listed.split(',').map((s) => s.trim().replace(/'/g, ''))).toEqual([...HOLDS_STOCK_STATUSES]);
  });

  it('an order owed back or no longer live holds nothing', () => {
    const holding = ORDER_STATUSES.filter((status) => holdsStock({ status, refundDue: false }));
    expect(holding).toEqual(['pending', 'confirmed', 'charged', 'failed']);
    expect(holdsStock({ status: 'charged', refundDue: true })).toBe(false);
  });

  it('what is left never goes below zero, and the menu speaks only near the end', () => {
    expect(unitsLeft(10, 12)).toBe(0);
    expect(stockLabel(null)).toBeNull();
    expect(stockLabel(11)).toBeNull();
    expect(stockLabel(10)).toEqual({ kind: 'few-left', left: 10 });
    expect(stockLabel(0)).toEqual({ kind: 'sold-out' });
  });

  it("reads the trigger's refusal from the driver's error or its cause, and nothing else", () => {
    expect(stockExhaustion({ code: 'FT001', message: 'stock_exhausted:12:3' })).toEqual({
      menuItemId: 12,
      left: 3,
    });
    expect(stockExhaustion({ cause: { code: 'FT001', message: 'stock_exhausted:7:0' } })).toEqual({
      menuItemId: 7,
      left: 0,
    });
    expect(stockExhaustion({ code: '23505', message: 'stock_exhausted:7:0' })).toBeNull();
    expect(stockExhaustion(new Error('boom'))).toBeNull();
  });
});
