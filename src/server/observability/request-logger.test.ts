import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './request-logger';

function parentLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger: logger as unknown as FastifyBaseLogger, lines };
}

const make = (parent: FastifyBaseLogger, bindings: Record<string, unknown>) =>
  lazyChildLogger.call({} as FastifyInstance, parent, bindings, {}, {} as never);

describe('lazyChildLogger', () => {
  it('makes no child for a request that never logs', () => {
    const { logger } = parentLogger();
    const child = vi.spyOn(logger, 'child');
    make(logger, { reqId: 'r-1' });
    expect(child).not.toHaveBeenCalled();
  });

  it("writes a request's lines with its bindings, through one child", () => {
    const { logger, lines } = parentLogger();
    const child = vi.spyOn(logger, 'child');
    const log = make(logger, { reqId: 'r-2' });
    log.info({ eventId: 7 }, 'read');
    log.warn('slow');
    log.debug('not at info');
    expect(lines.map(({ reqId, msg, eventId }) => ({ reqId, msg, eventId }))).toEqual([
      { reqId: 'r-2', msg: 'read', eventId: 7 },
      { reqId: 'r-2', msg: 'slow', eventId: undefined },
    ]);
    expect(child).toHaveBeenCalledTimes(1);
    expect(log.level).toBe('info');
    log.child({ step: 'pay' }).error('declined');
    expect(lines.at(-1)).toMatchObject({ reqId: 'r-2', step: 'pay', msg: 'declined' });
  });
});
