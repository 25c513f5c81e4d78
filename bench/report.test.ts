import { describe, expect, it } from 'vitest';
import type { NearPlaceProfileRow } from './explain-near-place';
import type { Measurement } from './load';
import { parseOptions } from './options';
import { nearPlaceReferenceOf, nearPlaceTargets, renderNearPlace, type PostgresResult } from './report';

const measured = (requestsPerSecond: number, p99: number): Measurement => ({
  durationSeconds: 10,
  ok: requestsPerSecond * 10,
  failed: 0,
  p50: p99 / 3,
  p99,
});

const profileRow = (places: NearPlaceProfileRow['places'], matches: number, executionMs: number): NearPlaceProfileRow => ({
  places,
  requests: places === 'all' ? 200 : 100,
  candidates: matches * 1.4,
  matches,
  medianMatches: Math.round(matches / 2),
  indexMs: executionMs / 2,
  heapMs: executionMs / 4,
  restMs: executionMs / 4,
  executionMs,
  indexBuffers: 120,
  heapBuffers: matches,
});

/** Only what part (j)'s section and its targets read. */
function nearPlaceRun(companies: number, nearRate: number, matches: number, executionMs: number): PostgresResult {
  return {
    companies,
    nearPlace: {
      requests: 200,
      dense: 10,
      sparse: 8,
      rows: [
        { connections: 10, near: measured(nearRate, 20), byId: measured(3000, 6) },
        { connections: 50, near: measured(nearRate, 90), byId: measured(3000, 25) },
      ],
      profile: [
        profileRow('dense', matches * 1.3, executionMs),
        profileRow('sparse', matches / 10, 0.4),
        profileRow('all', matches, executionMs),
      ],
    },
  } as PostgresResult;
}

const options = parseOptions([]);

/** A report as the bench writes it, with part (j)'s section of a run at 100,000 companies. */
function reportAt100k(nearRate: number, keptFrom?: string): string {
  return [
    '# Benchmark results',
    '',
    '- Date: 2026-11-28 15:00:00 UTC',
    '',
    '## 1–2. PostgreSQL 15.20 (Debian 15.20-0+deb12u1): 100,000 companies',
    '',
    ...(keptFrom ? [`_Kept from the run of ${keptFrom} (1-minute load average 1.00 at the start), not this one._`, ''] : []),
    renderNearPlace(nearPlaceRun(100_000, nearRate, 29.4, 0.61), options),
    '',
    '## 3. Embedded database (PGlite in its worker thread): 100,000 companies',
    '',
  ].join('\n');
}

describe("part (j)'s comparisons between runs", () => {
  it('reads the 100,000-company figure and profile back from the report it wrote', () => {
    expect(nearPlaceReferenceOf(reportAt100k(1365))).toEqual({
      date: '2026-11-28 15:00:00 UTC',
      requestsPerSecond: 1365,
      byIdRequestsPerSecond: 3000,
      matches: 29,
      executionMs: 0.61,
    });
    // A section kept from an earlier run carries that run's date.
    expect(nearPlaceReferenceOf(reportAt100k(1200, '2026-11-27 10:00:00 UTC'))?.date).toBe('2026-11-27 10:00:00 UTC');
  });

  it('has no reference without a 100,000-company run of part (j)', () => {
    expect(nearPlaceReferenceOf('# Benchmark results\n\n- Date: x\n')).toBeUndefined();
    expect(nearPlaceReferenceOf(reportAt100k(1365).replace(': 100,000 companies', ': 20,000 companies'))).toBeUndefined();
  });

  it('states the 1,000,000-company run against the 100,000 one, and says what grew when it falls short', () => {
    const run = nearPlaceRun(1_000_000, 544, 290, 2.3);
    run.nearPlace.reference = nearPlaceReferenceOf(reportAt100k(1365));
    // A slower day for the machine: company by id at 2,000 req/s where the 100,000 run had 3,000.
    run.nearPlace.rows[0].byId = measured(2000, 6);
    const comparison = nearPlaceTargets(run).find((t) => t.what.includes('≥ 70% of the same mix'));
    expect(comparison).toMatchObject({
      figure: '544 against 1,365 req/s (40%); as shares of company by id in each run, 27% against 46% (60%)',
      met: false,
    });
    const section = renderNearPlace(run, options);
    expect(section).toContain('reads 290 matches on average here against 29 at 100,000 (10.0×)');
    expect(section).toContain('takes 2.30 ms against 0.61 ms');

    run.nearPlace.rows[0].near = measured(1000, 20);
    expect(nearPlaceTargets(run).find((t) => t.what.includes('≥ 70% of the same mix'))?.met).toBe(true);
    expect(renderNearPlace(run, options)).not.toContain('Why the comparison');
  });

  it('states the 100,000-company run against its figure before the work on it', () => {
    const gain = nearPlaceTargets(nearPlaceRun(100_000, 1365, 29, 0.6)).find((t) => t.what.includes('≥ 3×'));
    expect(gain).toMatchObject({ figure: '1,365 req/s (5.2×)', met: true });
    expect(nearPlaceTargets(nearPlaceRun(100_000, 700, 29, 0.6)).find((t) => t.what.includes('≥ 3×'))?.met).toBe(false);
  });
});
