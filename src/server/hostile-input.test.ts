/**
 * Hostile input: for every route that reads a body, a query or path parameters, random
 * and crafted input from fast-check — wrong types, huge strings, unicode edge cases, NUL bytes,
 * prototype-pollution keys, SQL and HTML metacharacters — sent as an administrator (who gets past
 * every guard, so the input reaches the parsers and services). Never a 5xx; and a refused request
 * changes no row of any table.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { multipartBody, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
let adminCookie: string;
let ids: { company: number; quote: number };

beforeAll(async () => {
  t = await startTestApp();
  const admin = await createUser(t.db, { isAdmin: true, isVerified: true });
  adminCookie = await loginAs(t.app, admin);
  const company = await createCompany(t.db, { ownerId: admin.id });
  const quote = await createQuote(t.db, { userId: admin.id, companyIds: [company.id], status: 'draft' });
  ids = { company: company.id, quote: quote.id };
  // A copy of the admin's data already in preparation, held by a node that never finishes: every
  // request for another is refused (409) rather than starting a build that writes in the background.
  await t.db.execute(sql`INSERT INTO data_exports (user_id, locked_until) VALUES (${admin.id}, now() + interval '1 day')`);
});
afterAll(() => t.close());

/** Strings that have broken parsers, queries and pages elsewhere. */
const nasty = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '%_\\',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '__proto__',
    'constructor',
    '\uD800',
    '\uFFFF',
    '🏠'.repeat(50),
    'ﷺ'.repeat(20),
    '\u202Egnp.exe',
    '../../../etc/passwd',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '2147483648',
    'null',
    'true',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constant('x'.repeat(100_000)),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String)),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('leaf'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(nasty, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('leaf'), { maxKeys: 4 }),
  ),
})).node;
/** A JSON body: mostly objects, with the route's own field names among the keys. */
const FIELD_NAMES = [
  'email',
  'password',
  'firstName',
  'lastName',
  'rememberMe',
  'token',
  'quoteName',
  'description',
  'companyIds',
  'message',
  'rating',
  'comment',
  'reply',
  'status',
  'cost',
  'imageUrl',
  'packageType',
  'paymentIntentId',
  'cardNumber',
  'isActive',
  'caption',
  'displayOrder',
  'logoObjectId',
  'phoneNumber',
  'favorites',
  'notifications_sms_messages_enabled',
  'quote_inactivity_timeout_days',
];
const body = fc.oneof(fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), nasty), value, { maxKeys: 6 }), value);

/**
 * Rows per table and their newest update: cheap, and any insert, delete or update moves it. Left
 * out: bookkeeping every request may touch (sessions seen, the write limits' counts, page views,
 * listing appearances and searches per company and per category, written in batches, search
 * words), the operator's daily roll-ups (a job's), the job runner's own records (a job due every
 * minute runs while requests are being refused) and the fixed tables.
 */
async function fingerprint(): Promise<string> {
  const tables = await t.db.execute<{ table_name: string }>(sql`
    SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT IN ('rate_limit_hits', 'sessions', '__drizzle_migrations', 'company_page_views', 'company_appearances',
                              'search_log', 'category_activity', 'zip_codes', 'search_terms', 'daily_figures',
                              'daily_reply_times', 'rolled_up_days', 'jobs')
     ORDER BY table_name`);
  const parts = await Promise.all(
    tables.rows.map(async ({ table_name }) => {
      const result = await t.db.execute<{ n: number; h: string | null }>(
        sql.raw(`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM "${table_name}" t`),
      );
      return `${table_name}:${result.rows[0].n}:${result.rows[0].h}`;
    }),
  );
  return parts.join(',');
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function pathOf(url: string, param: string): string {
  return url
    .replace(':companyId', String(ids.company))
    .replace(':quoteId', String(ids.quote))
    .replace(':categoryId', '1')
    .replace(/:[a-zA-Z]+/g, (name) => (name === ':id' && url.startsWith('/api/quotes') ? String(ids.quote) : param));
}

describe('hostile input', () => {
  it('never answers 5xx and a refused request changes nothing, on every route', { timeout: 600_000 }, async () => {
    const routes = t.app.routeTable.filter((route) => route.url !== '/ws' && route.url !== '/api/auth/logout');
    const anyParam = fc.oneof(
      // Every byte percent-encoded: valid in a URL whatever the string holds (lone surrogates too).
      nasty.map((s) => [...Buffer.from(s.slice(0, 90))].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
      fc.constantFrom('0', '-1', '1.5', '99999999999', String(ids.company)),
    );
    for (const route of routes) {
      const changes = STATE_CHANGING.has(route.method);
      await fc.assert(
        fc.asyncProperty(
          anyParam,
          body,
          fc.dictionary(
            fc.constantFrom('page', 'pageSize', 'q', 'zip', 'search', 'status', 'limit', 'sort', 'token', '[object Object]'),
            nasty.map((s) => s.slice(0, 500)),
            { maxKeys: 3 },
          ),
          fc.boolean(),
          async (param, payload, query, asMultipart) => {
            const before = changes ? await fingerprint() : '';
            const url = `${pathOf(route.url, param)}?${new URLSearchParams(query).toString()}`;
            const multipart =
              asMultipart && payload !== null && typeof payload === 'object' && !Array.isArray(payload)
                ? multipartBody(
                    Object.fromEntries(
                      Object.entries(payload).map(([k, v]) => [
                        k.replace(/["\r\n]/g, ''),
                        typeof v === 'string' ? v : (JSON.stringify(v) ?? ''),
                      ]),
                    ),
                  )
                : undefined;
            const answer = await t.app.inject({
              method: route.method as 'GET',
              url,
              headers: { cookie: adminCookie, ...(multipart?.headers ?? {}) },
              ...(changes ? { payload: multipart ? multipart.payload : (JSON.stringify(payload) ?? 'null') } : {}),
              ...(changes && !multipart ? { headers: { cookie: adminCookie, 'content-type': 'application/json' } } : {}),
            });
            expect(answer.statusCode, `${route.method} ${url} → ${answer.body.slice(0, 300)}`).toBeLessThan(500);
            if (changes && answer.statusCode >= 400) {
              expect(await fingerprint(), `${route.method} ${url} was refused (${answer.statusCode}) but changed a row`).toBe(
                before,
              );
            }
          },
        ),
        { numRuns: changes ? 12 : 6 },
      );
    }
  });
});
