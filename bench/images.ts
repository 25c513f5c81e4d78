/**
 * Part 5 of `npm run bench` (bench/README.md): images.
 *   a. The pipeline: `processImage` with the company-photo rules on a 12-megapixel phone-sized JPEG,
 *      one and two at a time, against the least work any pipeline must do with the same bytes (sharp
 *      decodes them, resizes inside the display size and encodes one JPEG with default settings).
 *   b. Serving: `GET /api/objects/{id}` of the real app (on PostgreSQL) under autocannon, against a
 *      bare Fastify app with @fastify/static sending the same file; then both with If-None-Match.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getDefaultHighWaterMark } from 'node:stream';
import fastifyStatic, { type SendOptions } from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import sharp from 'sharp';
import { buildApp } from '@/server/app';
import type { AppConfig } from '@/server/config';
import { migrateDatabase, openPostgres } from '@/server/db/client';
import { COMPANY_IMAGE_RULES } from '@/server/modules/companies/company-editing.service';
import { DISPLAY_JPEG_OPTIONS, DISPLAY_MAX_EDGE, processImage, THUMBNAIL_MAX_EDGE } from '@/server/modules/images/image-pipeline';
import type { UploadResponse } from '@/shared/schemas/upload';
import { withTimeout, type Cleanup } from './cleanup';
import { runLoad, type LoadRequest, type Measurement } from './load';
import type { BenchOptions } from './options';
import { createBenchDatabase } from './postgres-database';

/** What run.ts lends this part, so that temp directories, the app's configuration and listening are the same everywhere. */
export interface BenchHost {
  tempDir(prefix: string): string;
  /** `databaseUrl` undefined: the embedded database; `env` adds to the bench's environment. */
  config(dataDir: string, databaseUrl: string | undefined, env?: Record<string, string>): AppConfig;
  listen(app: FastifyInstance, label: string, pool?: pg.Pool): Promise<string>;
}

/** One piece of image work, repeated by `concurrency` loops for a few seconds. */
export interface WorkMeasurement {
  concurrency: number;
  /** Images finished. */
  count: number;
  /** Images per second, all loops together. */
  rate: number;
  /** Milliseconds per image, each timed from its start to its end. */
  p50: number;
  p99: number;
  /** CPU time of the process (all threads) per image, in milliseconds. */
  cpuMs: number;
}

export interface PipelineRow {
  label: string;
  one: WorkMeasurement;
  two?: WorkMeasurement;
  /** Which row this is compared with; undefined for the baseline itself. */
  comparedWith?: 'baseline';
}

export interface ImagesResult {
  photo: { width: number; height: number; bytes: number; exifBytes: number; seconds: number };
  sharp: { version: string; vips: string; concurrency: number; threadpool: number };
  /** Seconds each pipeline measurement ran (it runs on until at least MIN_SAMPLES images are done). */
  pipelineSeconds: number;
  baseline: PipelineRow;
  pipeline: PipelineRow;
  /** The pipeline's two encodes alone, to see where its time goes. */
  steps: PipelineRow[];
  outputs: {
    display: { bytes: number; width: number; height: number; contentType: string; keepsExif: boolean };
    thumbnail: { bytes: number; width: number; height: number };
    /** The baseline's JPEG (sharp's defaults: quality 80, no mozjpeg). */
    baselineBytes: number;
    /** The display size at the pipeline's quality with mozjpeg: what it would save, for its CPU. */
    mozjpegBytes: number;
  };
  serving: {
    database: string;
    objectBytes: number;
    contentType: string;
    app: Measurement;
    /** @fastify/static through reply.sendFile with 64 KiB reads, like the app's streams. */
    ceiling: Measurement;
    /** @fastify/static as registered by default (reads of `defaultReadBytes`). */
    ceilingDefault: Measurement;
    /** A stream's default highWaterMark, which @fastify/static's reads get: 16 KiB on Node 20. */
    defaultReadBytes: number;
    /** The app's reads (createReadStream's default) and the ceiling's. */
    readBytes: number;
    appNotModified: Measurement;
    ceilingNotModified: Measurement;
  };
}

const PHOTO_WIDTH = 4032;
const PHOTO_HEIGHT = 3024;
/** Each pipeline measurement runs on until this many images are done (bounded: see measureWork). */
const MIN_SAMPLES = 5;
const PIPELINE_SECONDS_MAX = 4;
/**
 * The app's FsObjectStore streams with createReadStream's default of 64 KiB reads; @fastify/send
 * passes `highWaterMark: null` unless told, which a stream reads as its default (16 KiB on Node 20).
 */
const STATIC_CHUNK = 64 * 1024;

const log = (line: string) => console.log(line);
const ms = (n: number) => (n < 10 ? n.toFixed(1) : n.toFixed(0));

/** Deterministic noise (xorshift32, triangular around 128): the same photo in every run. */
function noise(length: number, spread: number, seed: number): Buffer {
  const out = Buffer.allocUnsafe(length);
  let s = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    const v = (s & 0xff) + ((s >>> 8) & 0xff) - 255;
    out[i] = Math.max(0, Math.min(255, 128 + (v * spread) / 255));
  }
  return out;
}

/**
 * A phone photo's stand-in: 4032×3024 (12 MP, 4:3), a colour gradient under large soft blobs,
 * mid-size texture and per-pixel grain, so that it compresses like a photo (~3.5 MB at quality 90)
 * and not like a flat test card; camera EXIF; orientation 1, so that the pipeline's auto-rotation
 * is a no-op and the baseline does the same geometry.
 */
export async function makePhoto(): Promise<Buffer> {
  const raw = { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 as const };
  const stretch = (bytes: Buffer, width: number, height: number) =>
    sharp(bytes, { raw: { width, height, channels: 3 } })
      .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'linear', fit: 'fill' })
      .raw()
      .toBuffer();
  const corners = Buffer.from([40, 90, 160, 230, 200, 120, 30, 110, 50, 200, 180, 160]);
  const [gradient, blobs, texture] = await Promise.all([
    stretch(corners, 2, 2),
    stretch(noise(168 * 126 * 3, 160, 7), 168, 126),
    stretch(noise(1008 * 756 * 3, 120, 9), 1008, 756),
  ]);
  return sharp(gradient, { raw })
    .composite([
      { input: blobs, raw, blend: 'soft-light' },
      { input: texture, raw, blend: 'soft-light' },
      { input: noise(PHOTO_WIDTH * PHOTO_HEIGHT * 3, 18, 42), raw, blend: 'overlay' },
    ])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Software: '17.5.1', DateTime: '2026:05:04 10:11:12' },
      IFD2: { ExposureTime: '1/120', FNumber: '16/10', ISOSpeedRatings: '64', LensModel: 'iPhone 15 back camera' },
    })
    .toBuffer();
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Runs `work` in `concurrency` loops for `seconds` (and on until MIN_SAMPLES images are done, but
 * never past 3 × `seconds`). Each loop's rate is its images over its own span, so a loop still
 * finishing its last image does not count as idle time for the others.
 */
async function measureWork(seconds: number, concurrency: number, warmup: boolean, work: () => Promise<unknown>) {
  if (warmup) await Promise.all(Array.from({ length: concurrency }, () => work()));
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const hardDeadline = start + 3 * seconds * 1000;
  const loop = async (): Promise<number> => {
    let count = 0;
    for (;;) {
      const now = performance.now();
      if (now >= hardDeadline || (now >= deadline && times.length >= MIN_SAMPLES)) break;
      await work();
      times.push(performance.now() - now);
      count += 1;
    }
    const span = (performance.now() - start) / 1000;
    return count / span;
  };
  const rates = await withTimeout(
    Promise.all(Array.from({ length: concurrency }, loop)),
    (3 * seconds + 120) * 1000,
    'image work',
  );
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  return {
    concurrency,
    count: times.length,
    rate: rates.reduce((a, b) => a + b, 0),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    cpuMs: (cpu.user + cpu.system) / 1000 / times.length,
  } satisfies WorkMeasurement;
}

const describeWork = (m: WorkMeasurement) =>
  `${m.rate.toFixed(2)} images/s, p50 ${ms(m.p50)} ms, p99 ${ms(m.p99)} ms, CPU ${ms(m.cpuMs)} ms/image (${m.count} images)`;

async function benchPipeline(options: BenchOptions, photo: Buffer) {
  const seconds = Math.min(options.duration, PIPELINE_SECONDS_MAX);
  const warmup = options.warmup > 0;
  const inside = { width: DISPLAY_MAX_EDGE, height: DISPLAY_MAX_EDGE, fit: 'inside' as const };
  const baselineWork = () => sharp(photo).resize(inside).jpeg().toBuffer();
  const pipelineWork = () => processImage(photo, COMPANY_IMAGE_RULES);
  // The pipeline's two encodes with its settings (image-pipeline.ts), each alone.
  const displayWork = () =>
    sharp(photo, { failOn: 'error' })
      .rotate()
      .resize({ ...inside, withoutEnlargement: true })
      .jpeg(DISPLAY_JPEG_OPTIONS)
      .toBuffer();
  const thumbnailWork = () =>
    sharp(photo, { failOn: 'error' })
      .rotate()
      .resize({ width: THUMBNAIL_MAX_EDGE, height: THUMBNAIL_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 76 })
      .toBuffer();

  const run = async (label: string, concurrency: number, work: () => Promise<unknown>) => {
    const m = await measureWork(seconds, concurrency, warmup, work);
    log(`    ${label}, ${concurrency} at a time: ${describeWork(m)}`);
    return m;
  };
  const baselineLabel = `sharp: decode, resize inside ${DISPLAY_MAX_EDGE}, default JPEG (baseline)`;
  const baseline: PipelineRow = {
    label: baselineLabel,
    one: await run(baselineLabel, 1, baselineWork),
    two: await run(baselineLabel, 2, baselineWork),
  };
  const pipelineLabel = 'processImage (company-photo rules)';
  const pipeline: PipelineRow = {
    label: pipelineLabel,
    one: await run(pipelineLabel, 1, pipelineWork),
    two: await run(pipelineLabel, 2, pipelineWork),
    comparedWith: 'baseline',
  };
  const displayLabel = `↳ its display step alone (rotate, resize inside ${DISPLAY_MAX_EDGE}, JPEG quality 82, progressive, optimised coding)`;
  const thumbnailLabel = `↳ its thumbnail step alone (rotate, resize inside ${THUMBNAIL_MAX_EDGE}, WebP quality 76)`;
  const steps: PipelineRow[] = [
    { label: displayLabel, one: await run(displayLabel, 1, displayWork), comparedWith: 'baseline' },
    { label: thumbnailLabel, one: await run(thumbnailLabel, 1, thumbnailWork), comparedWith: 'baseline' },
  ];

  // What comes out (once, untimed): sizes, and that the metadata is gone.
  const [processed, baselineOut, withMozjpeg] = await withTimeout(
    Promise.all([pipelineWork(), baselineWork(), sharp(photo).resize(inside).jpeg({ quality: 82, mozjpeg: true }).toBuffer()]),
    120_000,
    'image outputs',
  );
  const displayMeta = await sharp(processed.display.bytes).metadata();
  const outputs: ImagesResult['outputs'] = {
    display: {
      bytes: processed.display.bytes.length,
      width: processed.display.width,
      height: processed.display.height,
      contentType: processed.display.contentType,
      keepsExif: displayMeta.exif !== undefined,
    },
    thumbnail: { bytes: processed.thumbnail.bytes.length, width: processed.thumbnail.width, height: processed.thumbnail.height },
    baselineBytes: baselineOut.length,
    mozjpegBytes: withMozjpeg.length,
  };
  return { pipelineSeconds: seconds, baseline, pipeline, steps, outputs };
}

/**
 * Before `label` closes (cleanup runs newest first), drops every connection still open to it. A
 * connection that never sent a request counts as active for Node until its headers time-out (60 s)
 * and holds `close()` that long, `forceCloseConnections: 'idle'` notwithstanding; one turned up in
 * some runs on this shared machine. By cleanup time every load of this part has finished.
 */
function dropConnectionsFirst(cleanup: Cleanup, app: FastifyInstance, label: string): void {
  cleanup.add(`drop connections to ${label}`, () => app.server.closeAllConnections());
}

/** GETs `urlPath`; fails unless it answers exactly `bytes`, with an ETag that a conditional GET turns into a 304. */
async function checkObject(origin: string, urlPath: string, bytes: Buffer): Promise<string> {
  const response = await fetch(origin + urlPath, { signal: AbortSignal.timeout(30_000) });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${urlPath} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  if (!body.equals(bytes)) throw new Error(`GET ${urlPath} answered ${body.length} bytes that are not the stored file`);
  const etag = response.headers.get('etag');
  if (!etag) throw new Error(`GET ${urlPath} answered no ETag`);
  // fetch() adds `cache-control: no-cache` to a conditional request unless one is given, and
  // @fastify/static rightly answers that with the whole file; a browser revalidating sends max-age=0.
  const conditional = await fetch(origin + urlPath, {
    headers: { 'if-none-match': etag, 'cache-control': 'max-age=0' },
    signal: AbortSignal.timeout(30_000),
  });
  await conditional.arrayBuffer();
  if (conditional.status !== 304) throw new Error(`GET ${urlPath} with If-None-Match answered ${conditional.status}, not 304`);
  return etag;
}

async function benchServing(options: BenchOptions, cleanup: Cleanup, host: BenchHost, photo: Buffer) {
  // PostgreSQL rather than the embedded database: a fresh database and its migrations take about a
  // second, where PGlite's worker needs ten to start on 2 cores. Either way no database is on the
  // measured path: after the first request the app remembers the object's row (ImagesService's cache).
  let since = performance.now();
  const bench = await createBenchDatabase(options.adminUrl);
  cleanup.add(`drop database ${bench.name}`, () => bench.drop());
  const database = openPostgres(bench.url);
  cleanup.add('images app pool', () => database.close());
  await migrateDatabase(database);
  const dataDir = host.tempDir('lp-bench-images-');
  const config = host.config(dataDir, bench.url);
  if (config.objectStore.kind !== 'fs') throw new Error('the images part needs the file object store');
  const app = await buildApp(config, { database });
  const origin = await host.listen(app, 'images app', database.pool);
  dropConnectionsFirst(cleanup, app, 'images app');
  log(`    app on PostgreSQL ${bench.serverVersion}, database ${bench.name} (ready in ${ms(performance.now() - since)} ms)`);

  // Sign up, then upload the photo as a browser would.
  const signup = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Images',
      email: 'bench.images@example.com',
      password: 'bench-images-42',
    }),
    signal: AbortSignal.timeout(30_000),
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}: ${await signup.text()}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.JPG');
  since = performance.now();
  const upload = await fetch(`${origin}/api/upload/single`, {
    method: 'POST',
    headers: { cookie },
    body: form,
    signal: AbortSignal.timeout(120_000),
  });
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
  const stored = (await upload.json()) as UploadResponse;
  log(
    `    uploaded through POST /api/upload/single in ${ms(performance.now() - since)} ms: ${stored.objectUrl}, ${stored.contentType}, ${stored.width}×${stored.height}, ${stored.byteSize} bytes`,
  );

  // FsObjectStore's layout: <dir>/<first two characters>/<id>.
  const file = path.join(config.objectStore.dir, stored.objectId.slice(0, 2), stored.objectId);
  if (!existsSync(file)) throw new Error(`the stored object is not at ${file} (has FsObjectStore's layout changed?)`);
  const bytes = readFileSync(file);

  // The ceiling: @fastify/static on the file's directory, once as configured by default and once
  // through reply.sendFile with the 64 KiB reads of the app's streams (see STATIC_CHUNK).
  const ceiling = Fastify();
  await ceiling.register(fastifyStatic, {
    root: path.dirname(file),
    prefix: '/default/',
    immutable: true,
    maxAge: '365d',
    // No extension on the file: name the type the app names.
    setHeaders: (reply) => void reply.header('content-type', stored.contentType),
  });
  // @fastify/send reads `highWaterMark`; the plugin's types do not list it.
  const chunked = { highWaterMark: STATIC_CHUNK } as unknown as SendOptions;
  ceiling.get<{ Params: { id: string } }>('/64k/:id', (request, reply) => reply.sendFile(request.params.id, chunked));
  const ceilingOrigin = await host.listen(ceiling, 'images ceiling');
  dropConnectionsFirst(cleanup, ceiling, 'images ceiling');
  const defaultPath = `/default/${stored.objectId}`;
  const ceilingPath = `/64k/${stored.objectId}`;
  const appEtag = await checkObject(origin, stored.objectUrl, bytes);
  const ceilingEtag = await checkObject(ceilingOrigin, ceilingPath, bytes);
  await checkObject(ceilingOrigin, defaultPath, bytes);

  const measure = async (
    label: string,
    warmup: boolean,
    request: Omit<LoadRequest, 'connections' | 'durationSeconds' | 'timeoutSeconds'>,
  ) => {
    const load = { ...request, connections: options.connections };
    if (warmup && options.warmup > 0) await runLoad(cleanup, { ...load, durationSeconds: options.warmup });
    const m = await runLoad(cleanup, { ...load, durationSeconds: options.duration });
    log(
      `    ${label}: ${Math.round(m.ok / m.durationSeconds)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.failed ? `, ${m.failed} failed` : ''}`,
    );
    return m;
  };
  const whole = { discardBodies: true };
  const ceilingResult = await measure('@fastify/static, reads of 64 KiB', true, {
    origin: ceilingOrigin,
    paths: [ceilingPath],
    ...whole,
  });
  // The app right after its ceiling, so that a change in the machine's other load between runs
  // weighs on the ratio as little as it can.
  const appResult = await measure(`app GET ${stored.objectUrl}`, true, { origin, paths: [stored.objectUrl], ...whole });
  const ceilingDefault = await measure(
    `@fastify/static, default options (reads of ${getDefaultHighWaterMark(false) / 1024} KiB)`,
    true,
    {
      origin: ceilingOrigin,
      paths: [defaultPath],
      ...whole,
    },
  );
  // The servers and their routes are warm by now: the 304 runs go without a warm-up of their own.
  const ceilingNotModified = await measure('@fastify/static, If-None-Match (304)', false, {
    origin: ceilingOrigin,
    paths: [ceilingPath],
    headers: { 'if-none-match': ceilingEtag },
    expect: '3xx',
  });
  const appNotModified = await measure('app, If-None-Match (304)', false, {
    origin,
    paths: [stored.objectUrl],
    headers: { 'if-none-match': appEtag },
    expect: '3xx',
  });
  return {
    database: `PostgreSQL ${bench.serverVersion}`,
    objectBytes: bytes.length,
    contentType: stored.contentType,
    app: appResult,
    ceiling: ceilingResult,
    ceilingDefault,
    defaultReadBytes: getDefaultHighWaterMark(false),
    readBytes: STATIC_CHUNK,
    appNotModified,
    ceilingNotModified,
  };
}

export async function benchImages(options: BenchOptions, cleanup: Cleanup, host: BenchHost): Promise<ImagesResult> {
  log('\n[5] Images');
  const partStart = performance.now();
  let since = partStart;
  const photo = await withTimeout(makePhoto(), 120_000, 'making the photo');
  const photoMeta = await sharp(photo).metadata();
  const photoSeconds = (performance.now() - since) / 1000;
  log(
    `    photo: ${photoMeta.width}×${photoMeta.height} JPEG, ${(photo.length / 1e6).toFixed(2)} MB, ${photoMeta.exif?.length ?? 0} bytes of EXIF (made in ${photoSeconds.toFixed(1)} s)`,
  );

  // libvips' operation cache could answer a repeated identical operation from memory; uploads
  // are never identical, so it is off while the pipeline is measured (and restored afterwards).
  const cache = sharp.cache();
  sharp.cache(false);
  const restoreCache = cleanup.add('sharp cache', () =>
    sharp.cache({ memory: cache.memory.max, files: cache.files.max, items: cache.items.max }),
  );
  since = performance.now();
  const pipeline = await benchPipeline(options, photo);
  await restoreCache();
  log(`    pipeline measurements took ${((performance.now() - since) / 1000).toFixed(1)} s`);

  const serving = await benchServing(options, cleanup, host, photo);
  log(`    the images part took ${((performance.now() - partStart) / 1000).toFixed(0)} s`);
  return {
    photo: {
      width: photoMeta.width,
      height: photoMeta.height,
      bytes: photo.length,
      exifBytes: photoMeta.exif?.length ?? 0,
      seconds: photoSeconds,
    },
    sharp: {
      version: sharp.versions.sharp,
      vips: sharp.versions.vips,
      concurrency: sharp.concurrency(),
      threadpool: Number(process.env.UV_THREADPOOL_SIZE ?? 4),
    },
    ...pipeline,
    serving,
  };
}
