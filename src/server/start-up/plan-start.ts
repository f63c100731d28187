import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';

export interface ServerStartPlan {
  /** The first step: what happens to the database. */
  database: 'create' | 'open' | 'connect';
  /** Whether demo data will be added: a new embedded database, unless SEED_DEMO=false. */
  seedDemo: boolean;
  /** How many numbered steps the server's start shows. */
  steps: number;
}

/**
 * The server's steps, known before any of them runs, so `npm start` can number every step of the start
 * from the first (it asks before it builds). A new embedded database is one without Postgres's
 * `PG_VERSION` file in its folder; demo data only goes into a new one (a database with users is left
 * alone by the seed anyway).
 */
export function planServerStart(config: Pick<AppConfig, 'database' | 'seedDemo'>): ServerStartPlan {
  const { database } = config;
  const kind =
    'url' in database
      ? 'connect'
      : database.dataDir && existsSync(path.join(database.dataDir, 'PG_VERSION'))
        ? 'open'
        : 'create';
  const seedDemo = config.seedDemo && kind === 'create';
  return { database: kind, seedDemo, steps: seedDemo ? 3 : 2 };
}
