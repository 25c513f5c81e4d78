import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/client/lib/notify';
import { translatorIn } from '@/client/test/translator';
import { QUOTE_ZIP_UNKNOWN_MESSAGE } from '@/shared/schemas/quote';
import { requestSourceOf, saveQuoteIntent, startQuote, takeQuoteIntent } from './quote-intent';

const t = translatorIn('en');

/** A session storage of the test's own. */
function stubSessionStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    },
  });
  return items;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the stored quote intent (the job’s ZIP code and service)', () => {
  let items: Map<string, string>;
  beforeEach(() => {
    items = stubSessionStorage();
    // Toasts load their component on demand, which needs a page: here they are only silenced.
    for (const kind of ['error', 'success', 'info'] as const) vi.spyOn(notify, kind).mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps the ZIP code and service it was saved with', () => {
    saveQuoteIntent({ companyIds: [1, 2], quoteName: 'Search: plumber', description: '', redirectFrom: '/search', zip: '78701' });
    expect(takeQuoteIntent()).toMatchObject({ companyIds: [1, 2], quoteName: 'Search: plumber', zip: '78701' });
    expect(takeQuoteIntent()).toBeNull();
  });

  it('takes an intent saved before them, and drops malformed ones', () => {
    const stored = { companyIds: [3], quoteName: 'Plumbing', description: '', redirectFrom: '/', timestamp: Date.now() };
    items.set('quote_intent', JSON.stringify(stored));
    expect(takeQuoteIntent()).toEqual(stored);
    items.set('quote_intent', JSON.stringify({ ...stored, zip: '7870', subcategoryId: 'x' }));
    expect(takeQuoteIntent()).toEqual(stored);
  });

  it('sends them with the draft, and creates it without them when only they are refused', async () => {
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { zip?: string };
      bodies.push(body);
      return body.zip === '00000'
        ? answer(400, { success: false, error: QUOTE_ZIP_UNKNOWN_MESSAGE.zip, code: 'QUOTE_ZIP_UNKNOWN' })
        : answer(201, { id: 7 });
    });
    vi.stubGlobal('fetch', fetch);
    expect(await startQuote({ quoteName: 'Q', companyIds: [1], zip: '78701', subcategoryId: 4 }, '/back', t)).toBe(
      '/quotes/7/edit',
    );
    expect(bodies).toEqual([{ quoteName: 'Q', description: '', companyIds: [1], zip: '78701', subcategoryId: 4 }]);
    bodies.length = 0;
    expect(await startQuote({ quoteName: 'Q', companyIds: [1], zip: '00000' }, '/back', t)).toBe('/quotes/7/edit');
    expect(bodies).toEqual([
      { quoteName: 'Q', description: '', companyIds: [1], zip: '00000' },
      { quoteName: 'Q', description: '', companyIds: [1] },
    ]);
  });

  it('says where the request started, from the listing it was started on, even when the job is dropped', async () => {
    const bodies: { source?: string; zip?: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(init.body as string) as { source?: string; zip?: string };
        bodies.push(body);
        return body.zip === '00000'
          ? answer(400, { success: false, error: QUOTE_ZIP_UNKNOWN_MESSAGE.zip, code: 'QUOTE_ZIP_UNKNOWN' })
          : answer(201, { id: 8 });
      }),
    );
    await startQuote({ quoteName: 'Q', companyIds: [1], zip: '00000' }, '/search?q=plumber&favorites=true', t);
    expect(bodies.map((body) => body.source)).toEqual(['favorites', 'favorites']);
  });
});

describe('where a request starts', () => {
  it('is read from the listing’s address', () => {
    expect(requestSourceOf('/search?q=plumber&location=78701')).toBe('search');
    expect(requestSourceOf('/search?favorites=true')).toBe('favorites');
    expect(requestSourceOf('/categories/plumbing-services?subcategory=drains&page=2')).toBe('category');
    expect(requestSourceOf('/categories/plumbing-services?sort=favorites')).toBe('favorites');
    expect(requestSourceOf('/companies/5')).toBeUndefined();
    expect(requestSourceOf('/')).toBeUndefined();
  });
});
