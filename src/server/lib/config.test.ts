import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'lp-config-'));

describe('loadConfig', () => {
  it('applies the defaults of RUNTIME.md', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      seedDemo: true,
      launchCoins: 20,
      objectStore: { kind: 'fs', dir: path.join(dir, 'objects') },
      logLevel: 'info',
      admin: undefined,
      databaseUrl: undefined,
    });
    expect(config.rateLimits).toEqual({
      loginPerAccount: 10,
      loginPerIp: 100,
      signupPerIp: 60,
      forgotPerEmail: 5,
      forgotPerIp: 20,
      checkEmailPerIp: 60,
    });
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
});
