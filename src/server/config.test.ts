import { describe, expect, it } from 'vitest';
import { EMBEDDED_DATABASE_REFUSED, loadConfig } from './config';

const base = { DATA_DIR: '/tmp/foodtruck-config-test', SESSION_SECRET: 'x'.repeat(32) };

describe('the embedded database in production (decision 141)', () => {
  it('is refused with NODE_ENV=production and no DATABASE_URL, saying why and how to accept the risk', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(EMBEDDED_DATABASE_REFUSED);
    expect(EMBEDDED_DATABASE_REFUSED).toContain('a power cut can lose committed orders');
  });

  it('runs when the risk is accepted, on PostgreSQL, and outside production (npm start)', () => {
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION: 'true' }).database,
    ).toEqual({ dataDir: '/tmp/foodtruck-config-test/pglite' });
    expect(
      loadConfig({ ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://u@127.0.0.1:5432/ftf' })
        .database,
    ).toEqual({ url: 'postgres://u@127.0.0.1:5432/ftf' });
    expect(loadConfig(base).database).toEqual({ dataDir: '/tmp/foodtruck-config-test/pglite' });
  });
});

describe('METRICS_TOKEN', () => {
  it('is off by default and refused when too short to guess', () => {
    expect(loadConfig(base).metrics.token).toBeUndefined();
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters',
    );
  });
});
