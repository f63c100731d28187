// The engine is the only code that writes an order's or an event's status, an event's sales, or the
// transition log (docs/decisions/204-one-engine.md). This test reads every server file outside
// src/server/engine and fails on any such write, through Drizzle or in SQL text.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, '..');
const ENGINE = path.join(SERVER, 'engine');

/** Tables whose status (and, for events, sales) only the engine writes, by their Drizzle names. */
const OWNED = new Set(['pendingOrders', 'events']);
const OWNED_COLUMNS = new Set(['status', 'currentSales']);
/** A row is born in its first status; anything else at insert would skip the engine. */
const FIRST_STATUSES = new Set(['pending', 'pending_approval']);

/**
 * Files allowed to write a status without living it: the demo and test data factory writes events as
 * they stand (an approved event for a test), with no money behind them and no log to keep.
 */
const EXEMPT = new Set(['seed/factories.ts']);

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === ENGINE || entry.name === 'migrations' ? [] : serverFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const RAW_WRITES: Array<[RegExp, string]> = [
  [/insert\s+into\s+(\$\{statusTransitions\}|status_transitions)/i, 'writes the transition log in SQL'],
  [
    /\bupdate\s+(\$\{(pendingOrders|events)\}|pending_orders|events)\s+set\b[^;]{0,600}?\b(status|current_sales)\s*=/i,
    'writes a status or sales in SQL',
  ],
];

/** Where `source` writes what only the engine may: "file:line what", one per write. */
export function engineOnlyWrites(fileName: string, source: string): string[] {
  // Only a file that names one of the tables can write it: the rest need not be parsed.
  if (!/pendingOrders|pending_orders|events|statusTransitions|status_transitions/.test(source)) return [];
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${fileName}:${line + 1} ${what}`);
  };
  const constObjects = new Map<string, ts.ObjectLiteralExpression>();
  const collect = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (ts.isObjectLiteralExpression(node.initializer)) constObjects.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, collect);
  };
  collect(file);

  /** The keys an object may set, or null when they can't be known from the text. */
  const keysOf = (expr: ts.Expression, seen = new Set<string>()): Array<[string, ts.Expression]> | null => {
    if (ts.isParenthesizedExpression(expr)) return keysOf(expr.expression, seen);
    if (ts.isConditionalExpression(expr)) {
      const a = keysOf(expr.whenTrue, seen);
      const b = keysOf(expr.whenFalse, seen);
      return a && b ? [...a, ...b] : null;
    }
    if (ts.isIdentifier(expr)) {
      const object = constObjects.get(expr.text);
      if (!object || seen.has(expr.text)) return null;
      return keysOf(object, new Set([...seen, expr.text]));
    }
    if (!ts.isObjectLiteralExpression(expr)) return null;
    const keys: Array<[string, ts.Expression]> = [];
    for (const property of expr.properties) {
      if (ts.isSpreadAssignment(property)) {
        const inner = keysOf(property.expression, seen);
        if (!inner) return null;
        keys.push(...inner);
      } else if (ts.isPropertyAssignment(property) && !ts.isComputedPropertyName(property.name)) {
        keys.push([property.name.text, property.initializer]);
      } else if (ts.isShorthandPropertyAssignment(property)) {
        keys.push([property.name.text, property.name]);
      } else {
        return null;
      }
    }
    return keys;
  };

  /** The owned table a call chain (`tx.update(events).set(…)`) starts from, if any. */
  const tableOf = (expr: ts.Expression, method: 'update' | 'insert' | 'from'): string | null => {
    let current: ts.Expression = expr;
    while (ts.isCallExpression(current) || ts.isPropertyAccessExpression(current)) {
      if (
        ts.isCallExpression(current) &&
        ts.isPropertyAccessExpression(current.expression) &&
        current.expression.name.text === method
      ) {
        const [table] = current.arguments;
        return table && ts.isIdentifier(table) && OWNED.has(table.text) ? table.text : null;
      }
      current = ts.isCallExpression(current) ? current.expression : current.expression;
    }
    return null;
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [argument] = node.arguments;
      if (
        method === 'insert' &&
        argument &&
        ts.isIdentifier(argument) &&
        argument.text === 'statusTransitions'
      ) {
        report(node, 'writes the transition log');
      }
      if (method === 'set' && argument && tableOf(node.expression.expression, 'update')) {
        const keys = keysOf(argument);
        if (!keys) report(node, 'updates an order or event with columns that cannot be read from the code');
        for (const [key] of keys ?? []) {
          if (OWNED_COLUMNS.has(key)) report(node, `writes ${key}`);
        }
      }
      if (method === 'values' && argument && tableOf(node.expression.expression, 'insert')) {
        for (const [key, value] of keysOf(argument) ?? []) {
          if (key === 'currentSales' && !(ts.isNumericLiteral(value) && value.text === '0')) {
            report(node, 'starts an event with sales');
          }
          if (key === 'status' && !(ts.isStringLiteral(value) && FIRST_STATUSES.has(value.text))) {
            report(node, 'inserts a row past its first status');
          }
        }
      }
      // An event's row is locked FOR NO KEY UPDATE everywhere: FOR UPDATE would also block the
      // KEY SHARE locks that inserts referring to the event take (a new order, a tally row), and an
      // order locked by one of them while its event waits is a deadlock.
      const [strength] = node.arguments;
      if (
        method === 'for' &&
        strength &&
        ts.isStringLiteral(strength) &&
        strength.text === 'update' &&
        tableOf(node.expression.expression, 'from') === 'events'
      ) {
        report(node, "locks an event's row FOR UPDATE");
      }
    }
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const text = node.getText(file);
      for (const [pattern, what] of RAW_WRITES) if (pattern.test(text)) report(node, what);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the engine is the only writer of statuses, sales and the transition log, and events are locked one way', () => {
  it('finds no write outside src/server/engine', () => {
    const writes = serverFiles(SERVER)
      .map((full) => path.relative(SERVER, full).split(path.sep).join('/'))
      .filter((name) => !EXEMPT.has(name))
      .flatMap((name) => engineOnlyWrites(name, readFileSync(path.join(SERVER, name), 'utf8')));
    expect(writes).toEqual([]);
  }, 30_000);

  it('would see each kind of write', () => {
    const source = `
      await tx.update(pendingOrders).set({ status: 'charged', updatedAt: now }).where(x);
      await tx.update(events).set({ ...patch }).where(x);
      const moved = { fulfilment: 'ready', currentSales: 0 };
      await db.update(events).set(moved);
      await tx.insert(statusTransitions).values(rows);
      await tx.insert(events).values({ title, status: 'approved' });
      await db.execute(sql\`update \${pendingOrders} set updated_at = now(), status = 'failed'\`);
      await db.execute(sql\`insert into status_transitions (entity) values ('order')\`);
      await tx.update(pendingOrders).set({ fulfilment: 'ready', ...(ready ? { readyAt } : { collectedAt }) });
      await tx.insert(pendingOrders).values({ eventId, status: 'pending' });
      await tx.update(users).set({ status: 'x' });
      const [event] = await tx.select().from(events).where(eq(events.id, id)).for('update');
      const [same] = await tx.select().from(events).where(eq(events.id, id)).for('no key update');
      const [order] = await tx.select().from(pendingOrders).where(eq(pendingOrders.id, id)).for('update');
    `;
    expect(engineOnlyWrites('probe.ts', source).map((line) => line.replace(/^probe\.ts:\d+ /, ''))).toEqual([
      'writes status',
      'updates an order or event with columns that cannot be read from the code',
      'writes currentSales',
      'writes the transition log',
      'inserts a row past its first status',
      'writes a status or sales in SQL',
      'writes the transition log in SQL',
      "locks an event's row FOR UPDATE",
    ]);
  });
});
