/**
 * The built app with the demo data on a fresh in-memory database, listening on loopback: what the
 * browser measurements (JS before interaction, Lighthouse) open. The caller closes it.
 */
import type { PublicEventsPage } from '../../src/contract/events.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { createMenuItem } from '../../src/server/seed/factories';
import { seedDemo } from '../../src/server/seed/seed-demo';
import { buildClient } from '../build-client';

export interface ServedApp {
  app: FastifyInstance;
  baseUrl: string;
  /** a public event page of the demo data with eight dishes on its menu (issue 42), e.g. `/events/public/2` */
  eventPath: string;
  close(): Promise<void>;
}

export async function serveBuiltApp(): Promise<ServedApp> {
  await buildClient({ quiet: true });
  const database = await openDatabase({ dataDir: null });
  const config = loadConfig({
    SESSION_SECRET: 'browser-bench-secret-browser-bench-000001',
    LOG_LEVEL: 'silent',
    RECONCILER_INTERVAL_MS: '0',
    DATA_DIR: '/tmp/foodtruck-browser-bench',
  });
  const app = await buildApp(config, { database, serveClient: true });
  await seedDemo(app.ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  const { events } = (await (await fetch(`${baseUrl}/api/events/public`)).json()) as PublicEventsPage;
  if (!events[0]) throw new Error('The demo data has no public event');
  // The event page of issue 42's budget has eight dishes: the demo truck's six and two more.
  const event = (await (await fetch(`${baseUrl}/api/events/${events[0].id}`)).json()) as {
    foodTruckId: number;
    menuItemIds?: number[] | null;
  };
  if (event.menuItemIds)
    throw new Error('The demo event offers a chosen part of the menu: add to it instead');
  const menu = (await (await fetch(`${baseUrl}/api/menu-items/${event.foodTruckId}`)).json()) as unknown[];
  for (let i = menu.length; i < 8; i++)
    await createMenuItem(app.ctx.db, {
      foodTruckId: event.foodTruckId,
      name: `Daily Special ${i - 5}`,
      price: 700,
    });
  return {
    app,
    baseUrl,
    eventPath: `/events/public/${events[0].id}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Debian's Chromium, as the browser tests use it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
