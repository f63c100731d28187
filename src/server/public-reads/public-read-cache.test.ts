import { describe, expect, it } from 'vitest';
import { PROGRESS_CHANNEL } from '../progress/progress-hub';
import { cachedAnswer, PUBLIC_READ_CHANNEL, PublicReadCache } from './public-read-cache';

/** A database that only listens: the test announces changes and drops connections by hand. */
function fakeDatabase() {
  const handlers = new Map<
    string,
    { onPayload: (p: string) => void; onConnection?: (up: boolean) => void }
  >();
  return {
    listen: async (channel: string, onPayload: (p: string) => void, onConnection?: (up: boolean) => void) => {
      handlers.set(channel, { onPayload, onConnection });
      return async () => void handlers.delete(channel);
    },
    syncListeners: async () => {},
    announce: (channel: string, payload: string) => handlers.get(channel)!.onPayload(payload),
    connection: (channel: string, up: boolean) => handlers.get(channel)!.onConnection?.(up),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function setup(now = () => new Date()) {
  const database = fakeDatabase();
  const cache = new PublicReadCache(database, now, { warn: () => {} });
  await cache.start();
  let reads = 0;
  const read = (body: unknown) => async () => {
    reads++;
    return cachedAnswer(body, { users: [7] });
  };
  return { database, cache, read, reads: () => reads };
}

describe('PublicReadCache', () => {
  it('keeps an answer until a change to it is announced, on either channel', async () => {
    const { database, cache, read, reads } = await setup();
    expect((await cache.get('event', '1', read({ v: 1 })))!.body.toString()).toBe('{"v":1}');
    expect((await cache.get('event', '1', read({ v: 2 })))!.body.toString()).toBe('{"v":1}');
    expect(reads()).toBe(1);
    database.announce(PUBLIC_READ_CHANNEL, 'event:1');
    expect((await cache.get('event', '1', read({ v: 2 })))!.body.toString()).toBe('{"v":2}');
    database.announce(PROGRESS_CHANNEL, '1');
    expect((await cache.get('event', '1', read({ v: 3 })))!.body.toString()).toBe('{"v":3}');
    // Another event's change, or a menu's, leaves it alone; its users' change does not.
    database.announce(PUBLIC_READ_CHANNEL, 'event:2');
    database.announce(PUBLIC_READ_CHANNEL, 'menu:7');
    expect((await cache.get('event', '1', read({ v: 4 })))!.body.toString()).toBe('{"v":3}');
    database.announce(PUBLIC_READ_CHANNEL, 'user:7');
    expect((await cache.get('event', '1', read({ v: 5 })))!.body.toString()).toBe('{"v":5}');
  });

  it('answers a kept answer at once with peek, and nothing once it is dropped or ended', async () => {
    let now = new Date('2026-06-01T00:00:00Z');
    const { database, cache } = await setup(() => now);
    expect(cache.peek('event', '1')).toBeUndefined();
    await cache.get('event', '1', async () => cachedAnswer({ v: 1 }));
    expect(cache.peek('event', '1')!.body.toString()).toBe('{"v":1}');
    database.announce(PUBLIC_READ_CHANNEL, 'event:1');
    expect(cache.peek('event', '1')).toBeUndefined();
    const ends = new Date('2026-06-02T00:00:00Z').getTime();
    await cache.get('list', 'a', async () => cachedAnswer({ v: 2 }, { expiresAt: ends }));
    expect(cache.peek('list', 'a')!.body.toString()).toBe('{"v":2}');
    now = new Date('2026-06-02T00:00:01Z');
    expect(cache.peek('list', 'a')).toBeUndefined();
  });

  it('does not keep a read that a change overtook, nor share it with later callers', async () => {
    const { database, cache } = await setup();
    const first = deferred<ReturnType<typeof cachedAnswer>>();
    const inFlight = cache.get('event', '1', () => first.promise);
    database.announce(PUBLIC_READ_CHANNEL, 'event:1');
    const after = cache.get('event', '1', async () => cachedAnswer({ v: 'new' }));
    first.resolve(cachedAnswer({ v: 'old' }));
    expect((await inFlight)!.body.toString()).toBe('{"v":"old"}');
    expect((await after)!.body.toString()).toBe('{"v":"new"}');
    expect((await cache.get('event', '1', async () => cachedAnswer({ v: 'newer' })))!.body.toString()).toBe(
      '{"v":"new"}',
    );
  });

  it('drops every list page on any event change, and a page once its first event ends', async () => {
    let now = new Date('2026-06-01T00:00:00Z');
    const { database, cache } = await setup(() => now);
    const page = (v: number) => async () =>
      cachedAnswer({ v }, { expiresAt: new Date('2026-06-02T00:00:00Z').getTime() });
    await cache.get('list', 'a', page(1));
    database.announce(PUBLIC_READ_CHANNEL, 'event:99');
    expect((await cache.get('list', 'a', page(2)))!.body.toString()).toBe('{"v":2}');
    expect((await cache.get('list', 'a', page(3)))!.body.toString()).toBe('{"v":2}');
    now = new Date('2026-06-02T00:00:01Z');
    expect((await cache.get('list', 'a', page(4)))!.body.toString()).toBe('{"v":4}');
  });

  it('keeps nothing while a listening connection is down, and starts empty when it is back', async () => {
    const { database, cache, read, reads } = await setup();
    await cache.get('menu', '7', read({ v: 1 }));
    database.connection(PROGRESS_CHANNEL, false);
    await cache.get('menu', '7', read({ v: 2 }));
    await cache.get('menu', '7', read({ v: 3 }));
    expect(reads()).toBe(3);
    database.connection(PROGRESS_CHANNEL, true);
    await cache.get('menu', '7', read({ v: 4 }));
    expect((await cache.get('menu', '7', read({ v: 5 })))!.body.toString()).toBe('{"v":4}');
  });
});
