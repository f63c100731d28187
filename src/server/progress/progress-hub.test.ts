import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { ProgressHub } from './progress-hub';

let sales = 0;
let readDelayMs = 0;

/** The event's progress as the database would answer it, after `readDelayMs` of the test's fake clock. */
const readEventProgress = vi.fn(async (_db: unknown, eventId: number) => {
  // Under fake timers (beforeEach): the test advances this clock; no real time passes.
  if (readDelayMs > 0) await new Promise((r) => setTimeout(r, readDelayMs));
  return eventId === 404
    ? null
    : {
        currentSales: `${sales}.00`,
        minimumSales: '50.00',
        backerCount: sales,
        status: 'approved' as const,
        hidden: false,
      };
});

/** A response that records what is written to it. */
class FakeViewer extends EventEmitter {
  chunks: string[] = [];
  writableEnded = false;
  write(chunk: string) {
    this.chunks.push(chunk);
    return true;
  }
  end() {
    this.writableEnded = true;
    this.emit('close');
  }
  progress() {
    return this.chunks.filter((c) => c.startsWith('event: progress'));
  }
}

function setup() {
  let notify: (payload: string) => void = () => {};
  const database = {
    db: {} as Database['db'],
    listen: async (_channel: string, onPayload: (payload: string) => void) => {
      notify = onPayload;
      return async () => {};
    },
  };
  const hub = new ProgressHub(
    database,
    { warn: () => {} },
    {
      minIntervalMs: 1000,
      heartbeatMs: 15_000,
      read: readEventProgress,
    },
  );
  return { hub, notify: (id: number) => notify(String(id)) };
}

beforeEach(() => {
  vi.useFakeTimers();
  sales = 0;
  readDelayMs = 0;
});
afterEach(() => vi.useRealTimers());

const asResponse = (v: FakeViewer) => v as unknown as ServerResponse;

/** A started hub with one viewer of event 7. */
async function watchingEvent7() {
  const { hub, notify } = setup();
  await hub.start();
  const viewer = new FakeViewer();
  await hub.subscribe(7, asResponse(viewer));
  return { hub, notify, viewer };
}

describe('ProgressHub', () => {
  it('sends the current progress to each new viewer with one read for all of them', async () => {
    const { hub } = setup();
    await hub.start();
    const viewers = Array.from({ length: 50 }, () => new FakeViewer());
    await Promise.all(viewers.map((v) => hub.subscribe(7, asResponse(v))));
    expect(hub.reads).toBe(1);
    for (const v of viewers) expect(v.progress()).toHaveLength(1);
    await hub.stop();
  });

  it('coalesces a burst of changes into at most one message a second, ending on the latest', async () => {
    const { hub, notify, viewer } = await watchingEvent7();
    sales = 1;
    notify(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(viewer.progress()).toHaveLength(2);
    for (sales = 2; sales <= 9; sales++) {
      notify(7);
      await vi.advanceTimersByTimeAsync(50);
    }
    sales = 9;
    expect(viewer.progress()).toHaveLength(2); // nothing within the second
    await vi.advanceTimersByTimeAsync(1000);
    expect(viewer.progress()).toHaveLength(3);
    expect(viewer.progress().at(-1)).toContain('"currentSales":"9.00"');
    expect(hub.reads).toBe(3);
    await hub.stop();
  });

  it('keeps to one read a second when reads are slow and changes keep coming', async () => {
    const { hub, notify, viewer } = await watchingEvent7();
    readDelayMs = 400; // a busy database: a change often arrives while a read is under way
    for (sales = 1; sales <= 60; sales++) {
      notify(7);
      await vi.advanceTimersByTimeAsync(50);
    }
    sales = 60;
    await vi.advanceTimersByTimeAsync(3000);
    // 3 s of changes, then the last read: at most one read a second, plus the first viewer's.
    expect(hub.reads).toBeLessThanOrEqual(1 + 4 + 1);
    expect(viewer.progress().at(-1)).toContain('"currentSales":"60.00"');
    await hub.stop();
  });

  it('ignores changes to events nobody here watches, and sends heartbeats to those who watch', async () => {
    const { hub, notify } = setup();
    await hub.start();
    notify(99);
    await vi.advanceTimersByTimeAsync(2000);
    expect(hub.reads).toBe(0);
    const viewer = new FakeViewer();
    await hub.subscribe(7, asResponse(viewer));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(viewer.chunks.at(-1)).toBe(': heartbeat\n\n');
    viewer.end();
    expect(hub.viewerCount(7)).toBe(0);
    await hub.stop();
  });
});
