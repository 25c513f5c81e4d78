import { describe, expect, it } from 'vitest';
import { bucketOf, statementLabel, summarizeCpuProfile, type CpuProfile } from './profile';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber });

describe('summarizeCpuProfile', () => {
  // root → fastify handler → JSON.stringify (native), root → pg parseRow, root → (idle), root → (garbage collector)
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 4, 5, 6] },
      { id: 2, callFrame: frame('serialize', 'file:///app/node_modules/fastify/lib/reply.js', 9), children: [3] },
      { id: 3, callFrame: frame('stringify') },
      { id: 4, callFrame: frame('parseRow', 'file:///app/node_modules/pg/lib/result.js', 62) },
      { id: 5, callFrame: frame('(idle)') },
      { id: 6, callFrame: frame('(garbage collector)') },
    ],
    startTime: 0,
    endTime: 10_000,
    // Each sample runs until the next one: 1 ms each, the last one's time unknown.
    samples: [3, 3, 2, 4, 5, 5, 5, 6, 1],
    timeDeltas: [0, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000],
  };

  it("counts native functions where their caller belongs, idle apart, and names each function's place", () => {
    const summary = summarizeCpuProfile(profile);
    expect(summary.idleMs).toBe(3);
    expect(summary.busyMs).toBe(5);
    expect(summary.buckets).toEqual([
      { name: 'Fastify (routing, hooks, serialization)', ms: 3 },
      { name: 'garbage collection', ms: 1 },
      { name: 'pg driver', ms: 1 },
    ]);
    expect(summary.top[0]).toEqual({ name: 'stringify (native)', ms: 2 });
    expect(summary.top.map((t) => t.name)).toContain('parseRow node_modules/pg/lib/result.js:63');
  });
});

describe('bucketOf', () => {
  it('tells packages, the app and Node apart', () => {
    expect(bucketOf('node:_http_outgoing')).toBe('Node (HTTP, net, streams, timers)');
    expect(bucketOf('file:///w/node_modules/pg-protocol/dist/parser.js')).toBe('pg driver');
    expect(bucketOf('file:///w/node_modules/@fastify/cookie/plugin.js')).toBe('Fastify (routing, hooks, serialization)');
    expect(bucketOf('file:///w/node_modules/drizzle-orm/sql/sql.js')).toBe('Drizzle');
    expect(bucketOf('file:///w/node_modules/left-pad/index.js')).toBe('other packages');
    expect(bucketOf('file:///w/src/server/modules/search/search.service.ts')).toBe('app: src/server/search');
    expect(bucketOf('file:///w/src/server/app.ts')).toBe('app: src/server/app');
    expect(bucketOf('')).toBeUndefined();
  });
});

describe('statementLabel', () => {
  it('names discovery statements as pg_stat_statements keeps them', () => {
    expect(
      statementLabel(
        'SELECT c.is_premium, c.average_rating FROM companies c WHERE c.is_active ORDER BY c.x DESC NULLS LAST, c.id OFFSET $1 LIMIT $2',
      ),
    ).toBe('walk bound (the sort key K places down)');
    expect(statementLabel('SELECT count(*)::int AS n FROM (SELECT $1 FROM companies c WHERE x LIMIT $2) matches')).toBe(
      'capped count of matches',
    );
    expect(statementLabel('select "id", "name" from "subcategories" where "slug" = $1')).toBe('subcategory look-up');
    expect(statementLabel('SELECT stamp FROM search_terms_stamp')).toBe('other: SELECT stamp FROM search_terms_stamp');
  });
});
