import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { Reconciler } from './jobs/reconciler';

/** What every route and use case may reach: built once per app in app.ts. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  now: () => Date;
  reconciler: Reconciler;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
