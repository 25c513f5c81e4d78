/**
 * Part 8 of `npm run bench` (bench/README.md): search while the mail server stalls, which must
 * hold up nothing else. The real app on the embedded database — where one open transaction holds
 * the whole database — takes `GET /api/search?q=plumbing` while sign-ups keep queueing
 * verification mails, twice: with a mail server that answers at once, then with one that accepts
 * connections and never answers. The only difference between the runs is the mail server, so
 * their ratio, measured in the same run, is what a stalled mail server costs everything else.
 * /api/health is sampled through both.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '@/server/app';
import { migrateDatabase, openEmbeddedInWorker } from '@/server/db/client';
import { seedDatabase } from '@/server/db/seed/seed';
import { SmtpSink } from '@/server/test/smtp-sink';
import { StallingMailServer } from '@/server/test/stalling-mail-server';
import type { Cleanup } from './cleanup';
import type { BenchHost } from './images';
import { runLoad, type Measurement } from './load';
import type { BenchOptions } from './options';
import { insertSyntheticCompanies } from './synthetic-companies';

const SEARCH_PATH = '/api/search?q=plumbing';
const SEARCH_CONNECTIONS = 10;
/** Sign-ups a second while the mail server stalls: each queues a mail that hangs there. */
const SIGNUPS_PER_SECOND = 5;

export interface MailStallResult {
  companies: number;
  searchConnections: number;
  signupsPerSecond: number;
  alone: Measurement;
  stalled: Measurement;
  /** Sign-ups answered 201 during each run, how many were tried, and their p99. */
  signups: Record<'alone' | 'stalled', { ok: number; tried: number; p99: number }>;
  /** /api/health sampled once a second during each run: answers that were not 200. */
  healthNot200: { alone: number; stalled: number; samples: number };
  /** Connections the mail server accepted (and never answered). */
  mailConnections: number;
  /** Notices still waiting when the stalled run ended. */
  queuedAtEnd: number;
}

/** Samples /api/health once a second until `stop` resolves; answers how many were not 200. */
async function sampleHealth(origin: string, stop: Promise<unknown>): Promise<{ not200: number; samples: number }> {
  let done = false;
  void stop.finally(() => (done = true));
  let not200 = 0;
  let samples = 0;
  while (!done) {
    const status = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status,
      () => 0,
    );
    samples += 1;
    if (status !== 200) not200 += 1;
    await sleep(1000);
  }
  return { not200, samples };
}

interface LoadedRun {
  search: Measurement;
  signups: { ok: number; tried: number; p99: number };
  healthNot200: number;
  healthSamples: number;
}

/** Search under load while sign-ups queue mail at a steady rate, /api/health sampled meanwhile. */
async function searchWhileSigningUp(
  cleanup: Cleanup,
  options: BenchOptions,
  origin: string,
  mailReached: () => boolean,
): Promise<LoadedRun> {
  const search = { origin, paths: [SEARCH_PATH], connections: SEARCH_CONNECTIONS };
  let signingUp = true;
  const times: number[] = [];
  let ok = 0;
  let tried = 0;
  const signups = (async () => {
    for (let i = 0; signingUp; i++) {
      const started = performance.now();
      tried += 1;
      void fetch(`${origin}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Stall',
          lastName: 'Bench',
          email: `stall.${i}.${Date.now()}.${Math.random().toString(36).slice(2)}@bench.example`,
          password: 'stall-bench-password',
          confirmPassword: 'stall-bench-password',
          terms: true,
        }),
        signal: AbortSignal.timeout(60_000),
      }).then(
        (r) => {
          times.push(performance.now() - started);
          if (r.status === 201) ok += 1;
        },
        () => times.push(performance.now() - started),
      );
      await sleep(1000 / SIGNUPS_PER_SECOND);
    }
  })();
  // The first mails reach the mail server before the measurement starts.
  for (let waited = 0; !mailReached() && waited < 100; waited++) await sleep(100);
  if (options.warmup > 0) await runLoad(cleanup, { ...search, durationSeconds: options.warmup });
  const run = runLoad(cleanup, { ...search, durationSeconds: options.duration });
  const [measured, health] = await Promise.all([run, sampleHealth(origin, run)]);
  signingUp = false;
  await signups;
  times.sort((a, b) => a - b);
  const p99 = times[Math.min(times.length - 1, Math.ceil(0.99 * times.length) - 1)] ?? NaN;
  return { search: measured, signups: { ok, tried, p99 }, healthNot200: health.not200, healthSamples: health.samples };
}

export async function benchMailStall(options: BenchOptions, cleanup: Cleanup, host: BenchHost): Promise<MailStallResult> {
  const log = (line: string) => console.log(line);
  log(`\n[8] Search while the mail server stalls (embedded database, ${options.embeddedCompanies} companies)`);
  const dataDir = host.tempDir('lp-bench-mailstall-');
  const database = await openEmbeddedInWorker(path.join(dataDir, 'pglite'));
  cleanup.add('mail-stall embedded database', () => database.close());
  await migrateDatabase(database);
  await seedDatabase(database, { demo: false });
  await insertSyntheticCompanies(database.pool, options.embeddedCompanies, () => undefined);
  await database.pool.query('VACUUM ANALYZE');

  // The same app twice on the same database: first with a mail server that answers, then with one that never does.
  const answering = new SmtpSink();
  const answeringUrl = await answering.start();
  cleanup.add('answering mail server', () => answering.stop());
  const first = await buildApp(host.config(dataDir, undefined, { SMTP_URL: answeringUrl }), { database });
  const firstOrigin = await host.listen(first, 'mail-stall app (mail answering)', database.pool);
  const alone = await searchWhileSigningUp(cleanup, options, firstOrigin, () => answering.received.length > 0);
  await first.close();
  log(
    `    search, mail answering: ${(alone.search.ok / alone.search.durationSeconds).toFixed(0)} req/s, p99 ${alone.search.p99} ms`,
  );

  const blackHole = new StallingMailServer();
  const blackHoleUrl = await blackHole.start();
  cleanup.add('stalling mail server', () => blackHole.stop());
  const second = await buildApp(host.config(dataDir, undefined, { SMTP_URL: blackHoleUrl }), { database });
  const secondOrigin = await host.listen(second, 'mail-stall app (mail stalled)', database.pool);
  const stalled = await searchWhileSigningUp(cleanup, options, secondOrigin, () => blackHole.accepted > 0);
  const { rows } = await database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notification_outbox WHERE sent_at IS NULL AND failed_at IS NULL',
  );
  log(
    `    search, mail stalled: ${(stalled.search.ok / stalled.search.durationSeconds).toFixed(0)} req/s, p99 ${stalled.search.p99} ms; ` +
      `health not 200: ${stalled.healthNot200}/${stalled.healthSamples}`,
  );
  return {
    companies: options.embeddedCompanies,
    searchConnections: SEARCH_CONNECTIONS,
    signupsPerSecond: SIGNUPS_PER_SECOND,
    alone: alone.search,
    stalled: stalled.search,
    signups: { alone: alone.signups, stalled: stalled.signups },
    healthNot200: {
      alone: alone.healthNot200,
      stalled: stalled.healthNot200,
      samples: alone.healthSamples + stalled.healthSamples,
    },
    mailConnections: blackHole.accepted,
    queuedAtEnd: rows[0]?.n ?? 0,
  };
}
