import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_KEYS, envDefault, loadConfig } from '../config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'lp-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults (README.md and .env.example)', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      seedDemo: true,
      launchCoins: 20,
      locale: 'en-US',
      currency: 'USD',
      objectStore: { kind: 'fs', dir: path.join(dir, 'objects') },
      logLevel: 'info',
      admin: undefined,
      databaseUrl: undefined,
    });
    expect(config.rateLimits).toMatchObject({
      loginPerAccount: 10,
      loginPerIp: 100,
      signupPerIp: 60,
      forgotPerEmail: 5,
      forgotPerIp: 20,
      checkEmailPerIp: 60,
      quoteCreate: 30,
      quoteSubmit: 20,
      messages: 300,
      uploads: 200,
      reviews: 30,
      companies: 10,
      claimRedemptions: 20,
    });
    expect(config.trustProxy).toBe(false);
    expect(config.paymentsProvider).toBe('test');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('generates the session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
  });

  it('derives APP_URL from PORT and reads SEED_DEMO=false', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '8080', SEED_DEMO: 'false' });
    expect(config.appUrl).toBe('http://localhost:8080');
    expect(config.seedDemo).toBe(false);
  });

  it('names every invalid key at once', () => {
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        ADMIN_EMAIL: 'admin@example.com',
        OBJECT_STORE: 's3',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as ConfigError).message;
      for (const key of ['PORT', 'DATABASE_URL', 'ADMIN_PASSWORD', 'S3_BUCKET']) expect(text).toContain(key);
    }
  });

  it('takes a read replica only beside a PostgreSQL primary', () => {
    const replicaUrl = 'postgres://reader@replica.internal:5432/localpros';
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_REPLICA_URL: replicaUrl })).toThrow(
      /DATABASE_REPLICA_URL: needs DATABASE_URL/,
    );
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://app@primary.internal:5432/localpros',
      DATABASE_REPLICA_URL: replicaUrl,
    });
    expect(config.databaseReplicaUrl).toBe(replicaUrl);
  });

  it('reads every write limit from its own variable', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_MESSAGES_PER_ACCOUNT: '7', RATE_LIMIT_UPLOADS_PER_ACCOUNT: '3' });
    expect(config.rateLimits.messages).toBe(7);
    expect(config.rateLimits.uploads).toBe(3);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RATE_LIMIT_REVIEWS_PER_ACCOUNT: '0' })).toThrow(
      /RATE_LIMIT_REVIEWS_PER_ACCOUNT/,
    );
  });

  it('takes TRUST_PROXY as a hop count or a list of proxy addresses, never as "trust every hop"', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust('10.0.0.0/8, 192.168.1.10,::1, loopback')).toEqual(['10.0.0.0/8', '192.168.1.10', '::1', 'loopback']);
    for (const bad of ['everyone', '10.0.0.0/33', '1.2.3', '*']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('takes LOCALE as a supported locale tag and CURRENCY as a three-letter code', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), LOCALE: 'de-DE', CURRENCY: 'EUR' });
    expect(config).toMatchObject({ locale: 'de-DE', currency: 'EUR' });
    expect(loadConfig({ DATA_DIR: dataDir(), LOCALE: 'en-gb' }).locale).toBe('en-GB');
    for (const bad of ['not a locale', 'zz', 'en_US']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), LOCALE: bad }), bad).toThrow(/LOCALE/);
    }
    for (const bad of ['usd', 'US', 'EURO', '$']) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), CURRENCY: bad }), bad).toThrow(/CURRENCY/);
    }
  });

  it('closes the coin shop in production without Stripe keys unless the operator chooses the test provider', () => {
    const provider = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env }).paymentsProvider;
    expect(provider({})).toBe('test');
    expect(provider({ NODE_ENV: 'production' })).toBe('none');
    expect(provider({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'test' })).toBe('test');
    expect(provider({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', NODE_ENV: 'production' })).toBe(
      'stripe',
    );
    expect(provider({ PAYMENTS_PROVIDER: 'none' })).toBe('none');
    expect(() => provider({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe('.env.example', () => {
  // `# KEY=value` or `KEY=value`, a value optionally in double quotes (as systemd reads them).
  const listed = new Map(
    readFileSync(path.join(import.meta.dirname, '../../../.env.example'), 'utf8')
      .split('\n')
      .map((line) => /^#? ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
      .filter((match) => match !== null)
      .map(([, key, value]) => [key, value.replace(/^"(.*)"$/, '$1')]),
  );

  it('lists every variable the server reads, and nothing else', () => {
    expect([...listed.keys()].sort()).toEqual([...ENV_KEYS].sort());
  });

  it("gives each variable the server's own default", () => {
    for (const key of ENV_KEYS) expect(listed.get(key), key).toBe(envDefault(key) ?? '');
  });

  it('is a valid configuration as written, uncommented', () => {
    const env = Object.fromEntries([...listed].filter(([, value]) => value !== ''));
    expect(() => loadConfig({ ...env, DATA_DIR: dataDir() })).not.toThrow();
  });
});
