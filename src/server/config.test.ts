import { describe, expect, it } from 'vitest';
import {
  EMBEDDED_DATABASE_REFUSED,
  loadConfig,
  PAYMENT_SIMULATOR_REFUSED,
  PUBLIC_URL_REQUIRED,
} from './config';

const base = { DATA_DIR: '/tmp/foodtruck-config-test', SESSION_SECRET: 'x'.repeat(32) };
/** What production needs besides its database: its address and a payment provider. */
const site = {
  PUBLIC_URL: 'https://foodtrucks.example.org',
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
};

describe('the embedded database in production (decision 141)', () => {
  it('is refused with NODE_ENV=production and no DATABASE_URL, saying why and how to accept the risk', () => {
    expect(() => loadConfig({ ...base, NODE_ENV: 'production' })).toThrow(EMBEDDED_DATABASE_REFUSED);
    expect(EMBEDDED_DATABASE_REFUSED).toContain('a power cut can lose committed orders');
  });

  it('runs when the risk is accepted, on PostgreSQL, and outside production (npm start)', () => {
    expect(
      loadConfig({ ...base, ...site, NODE_ENV: 'production', ALLOW_EMBEDDED_DATABASE_IN_PRODUCTION: 'true' })
        .database,
    ).toEqual({ dataDir: '/tmp/foodtruck-config-test/pglite' });
    expect(
      loadConfig({
        ...base,
        ...site,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u@127.0.0.1:5432/ftf',
      }).database,
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

describe('production needs its public address and a payment provider (decision 212)', () => {
  const production = { ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://u@127.0.0.1:5432/ftf' };

  it('refuses to start without PUBLIC_URL, saying what it is for', () => {
    const { PUBLIC_URL: _url, ...withoutUrl } = site;
    expect(() => loadConfig({ ...production, ...withoutUrl })).toThrow(PUBLIC_URL_REQUIRED);
    expect(PUBLIC_URL_REQUIRED).toContain('password resets');
  });

  it('refuses the payment simulator unless told, and says how to tell it', () => {
    const { STRIPE_SECRET_KEY: _key, STRIPE_PUBLISHABLE_KEY: _pk, ...withoutStripe } = site;
    expect(() => loadConfig({ ...production, ...withoutStripe })).toThrow(PAYMENT_SIMULATOR_REFUSED);
    expect(PAYMENT_SIMULATOR_REFUSED).toContain('ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION=true');
    const told = loadConfig({
      ...production,
      ...withoutStripe,
      ALLOW_PAYMENT_SIMULATOR_IN_PRODUCTION: 'true',
    });
    expect(told.stripe).toBeNull();
    expect(told.paymentSimulatorInProduction).toBe(true);
    expect(loadConfig({ ...production, ...site }).paymentSimulatorInProduction).toBe(false);
  });

  it('names every refusal at once, so one start tells the operator all there is to set', () => {
    const error = (() => {
      try {
        loadConfig({ ...base, NODE_ENV: 'production' });
      } catch (caught) {
        return (caught as Error).message;
      }
      return '';
    })();
    for (const refusal of [EMBEDDED_DATABASE_REFUSED, PUBLIC_URL_REQUIRED, PAYMENT_SIMULATOR_REFUSED])
      expect(error).toContain(refusal);
  });

  it('asks none of it outside production: npm start runs with no settings at all', () => {
    const config = loadConfig(base);
    expect(config.publicUrl).toBeUndefined();
    expect(config.stripe).toBeNull();
    expect(config.paymentSimulatorInProduction).toBe(false);
  });
});

describe('TRUST_PROXY (decision 212)', () => {
  const trust = (value: string | undefined) => loadConfig({ ...base, TRUST_PROXY: value }).trustProxy;

  it('is off by default, one proxy for true, a count of proxies, or their addresses', () => {
    expect(trust(undefined)).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(0);
    expect(trust('true')).toBe(1);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
  });

  it('refuses what it cannot read, saying what it accepts', () => {
    expect(() => trust('yes')).toThrow(
      /TRUST_PROXY: invalid IP address: yes; use true \(one proxy in front\)/,
    );
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY: invalid range on address: 10\.0\.0\.0\/33/);
    expect(() => trust('127.0.0.1,')).toThrow(/TRUST_PROXY: an empty entry/);
    expect(() => trust('11')).toThrow(/TRUST_PROXY: a count of proxies is at most 10/);
  });
});
