/**
 * Answers to a category's questions on a request: a draft keeps what was answered so far, every
 * wrong answer is refused naming its question with nothing stored, a submit needs every required
 * answer and keeps the wording it was asked with, and the pros the request went to read the
 * answers before paying to reply.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { categories, notificationOutbox, quotes } from '@/server/db/schema';
import { createCompany, createQuote, createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';
import type { CategoryQuestion, CategoryQuestions, StoredAnswer } from '@/shared/schemas/questions';

let t: TestApp;
let adminCookie: string;
let plumbingId: number;
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

const DESCRIPTION = 'The kitchen sink drains slowly, the tap drips and the pipe under it leaks into the cupboard. '.repeat(2);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const DEFINITIONS = [
  { kind: 'date', label: 'When do you need it?', required: true },
  { kind: 'single_choice', label: 'Property', required: true, options: ['House', 'Apartment or condo', 'Business'] },
  { kind: 'multiple_choice', label: 'Which rooms?', required: false, options: ['Kitchen', 'Bathroom', 'Laundry'] },
  { kind: 'number', label: 'How many fixtures?', required: false, unit: 'fixtures' },
  { kind: 'text', label: 'Anything else?', required: false },
];
/** The plumbing questions as the admin last saved them: when, property, rooms, fixtures, notes. */
let asked: CategoryQuestion[];
const id = (label: string) => asked.find((question) => question.label === label)!.id;
let when: number, property: number, rooms: number, fixtures: number, notes: number;

async function setQuestions(questions: unknown[]) {
  const answer = await call('PUT', `/api/admin/categories/${plumbingId}/questions`, adminCookie, { questions });
  expect(answer.statusCode, answer.body).toBe(200);
  asked = answer.json<CategoryQuestions>().questions;
}

beforeAll(async () => {
  t = await startTestApp();
  adminCookie = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
  [{ id: plumbingId }] = await t.db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, 'plumbing-services'));
  await setQuestions(DEFINITIONS);
  [when, property, rooms, fixtures, notes] = DEFINITIONS.map((definition) => id(definition.label));
});
afterAll(() => t.close());

/** Puts the questions back as defined, keeping the ids of those still there. */
afterEach(async () => {
  const ids = [when, property, rooms, fixtures, notes];
  const still = new Set(asked.map((question) => question.id));
  await setQuestions(
    DEFINITIONS.map((definition, index) => (still.has(ids[index]) ? { ...definition, id: ids[index] } : definition)),
  );
  [when, property, rooms, fixtures, notes] = DEFINITIONS.map((definition) => id(definition.label));
});

async function customer() {
  const user = await createUser(t.db);
  return { user, cookie: await loginAs(t.app, user) };
}

async function draft(cookie: string, answers?: unknown[], companyIds?: number[]) {
  const ids = companyIds ?? [(await createCompany(t.db)).id];
  const created = await call('POST', '/api/quotes', cookie, { quoteName: 'Leaky sink', companyIds: ids, answers });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number; answers: StoredAnswer[] }>();
}

const storedRow = async (quoteId: number) => (await t.db.select().from(quotes).where(eq(quotes.id, quoteId)))[0];
const outboxCount = async () => (await t.db.select({ n: count() }).from(notificationOutbox))[0].n;

describe('answers on a draft', () => {
  it('keeps partial answers with their wording; Save Draft without answers leaves them, with answers replaces them', async () => {
    const { cookie } = await customer();
    const quote = await draft(cookie, [
      { questionId: rooms, value: ['Laundry', 'Kitchen'] },
      { questionId: when, value: 'Flexible' },
    ]);
    const expected = [
      { questionId: when, question: 'When do you need it?', kind: 'date', unit: null, value: 'flexible' },
      { questionId: rooms, question: 'Which rooms?', kind: 'multiple_choice', unit: null, value: ['Kitchen', 'Laundry'] },
    ];
    expect(quote.answers).toEqual(expected);
    expect((await storedRow(quote.id)).answers).toEqual(expected);

    const url = `/api/quotes/${quote.id}`;
    const kept = await call('PUT', url, cookie, { quoteName: 'Leaky sink', description: DESCRIPTION });
    expect(kept.json().answers).toEqual(expected);
    const replaced = await call('PUT', url, cookie, {
      quoteName: 'Leaky sink',
      description: DESCRIPTION,
      answers: [{ questionId: fixtures, value: '2.5' }],
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().answers).toEqual([
      { questionId: fixtures, question: 'How many fixtures?', kind: 'number', unit: 'fixtures', value: 2.5 },
    ]);
    expect((await call('GET', url, cookie)).json().answers).toEqual(replaced.json().answers);
    const cleared = await call('PUT', url, cookie, { quoteName: 'Leaky sink', description: DESCRIPTION, answers: [] });
    expect(cleared.json().answers).toEqual([]);
  });

  it('refuses a wrong answer naming its question, and stores nothing', async () => {
    const { user, cookie } = await customer();
    const saved = [{ questionId: property, value: 'House' }];
    const quote = await draft(cookie, saved);
    const before = await storedRow(quote.id);
    const [cleaning] = await t.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, 'cleaning-services'));
    const [otherCategoryQuestion] = (await call('GET', `/api/categories/${cleaning.id}/questions`)).json<CategoryQuestions>()
      .questions;
    const cases: [string, unknown[], number][] = [
      ['a number as a choice', [{ questionId: property, value: 3 }], property],
      ['an option not offered', [{ questionId: property, value: 'Castle' }], property],
      ['a string for several choices', [{ questionId: rooms, value: 'Kitchen' }], rooms],
      ['an option not offered among several', [{ questionId: rooms, value: ['Kitchen', 'Attic'] }], rooms],
      ['NaN', [{ questionId: fixtures, value: 'NaN' }], fixtures],
      ['"1e400"', [{ questionId: fixtures, value: '1e400' }], fixtures],
      ['a negative number', [{ questionId: fixtures, value: -1 }], fixtures],
      ['a number past the largest', [{ questionId: fixtures, value: 1e12 }], fixtures],
      ['several choices as a number', [{ questionId: fixtures, value: ['2'] }], fixtures],
      ['a past date', [{ questionId: when, value: '2020-01-01' }], when],
      ['a day that does not exist', [{ questionId: when, value: inDays(400).slice(0, 4) + '-02-30' }], when],
      ['a date beyond three years', [{ questionId: when, value: inDays(4 * 366) }], when],
      ['600 characters of text', [{ questionId: notes, value: 'x'.repeat(600) }], notes],
      ['an unknown question', [{ questionId: 2147483000, value: 'House' }], 2147483000],
      ['another category’s question', [{ questionId: otherCategoryQuestion.id, value: 'flexible' }], otherCategoryQuestion.id],
      [
        'the same question twice',
        [
          { questionId: property, value: 'House' },
          { questionId: property, value: 'Business' },
        ],
        property,
      ],
    ];
    for (const [what, answers, questionId] of cases) {
      const answer = await call('PUT', `/api/quotes/${quote.id}`, cookie, {
        quoteName: 'Changed',
        description: DESCRIPTION,
        answers,
      });
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json(), what).toMatchObject({ success: false, code: 'QUOTE_ANSWER_INVALID', field: `answers.${questionId}` });
      expect(answer.json().error.length, what).toBeGreaterThan(0);
    }
    // A number JSON cannot hold is refused by the body's schema, under the answer's value.
    const infinite = await t.app.inject({
      method: 'PUT',
      url: `/api/quotes/${quote.id}`,
      headers: { cookie, 'content-type': 'application/json' },
      payload: `{"quoteName":"Changed","description":"${DESCRIPTION}","answers":[{"questionId":${fixtures},"value":1e400}]}`,
    });
    expect(infinite.statusCode).toBe(400);
    expect(infinite.json().field).toMatch(/^answers\.0\.value/);
    expect(await storedRow(quote.id)).toEqual(before);

    // Nor is a new draft stored with a wrong answer.
    const refused = await call('POST', '/api/quotes', cookie, {
      quoteName: 'Another sink',
      companyIds: [(await createCompany(t.db)).id],
      answers: [{ questionId: property, value: 'Castle' }],
    });
    expect(refused.json()).toMatchObject({ code: 'QUOTE_ANSWER_INVALID', field: `answers.${property}` });
    expect(await t.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.userId, user.id))).toEqual([{ id: quote.id }]);
  });

  it('asks nothing of a request without a category', async () => {
    const { user, cookie } = await customer();
    const quote = await createQuote(t.db, { userId: user.id, companyIds: [], status: 'draft' });
    const url = `/api/quotes/${quote.id}`;
    const refused = await call('PUT', url, cookie, {
      quoteName: 'Odd job',
      description: DESCRIPTION,
      answers: [{ questionId: when, value: 'flexible' }],
    });
    expect(refused.json()).toMatchObject({ code: 'QUOTE_ANSWER_INVALID', field: `answers.${when}` });
    expect((await call('PUT', url, cookie, { quoteName: 'Odd job', description: DESCRIPTION, answers: [] })).statusCode).toBe(
      200,
    );
  });
});

describe('answers on submit', () => {
  it('needs every required answer: 400 naming the first missing, the quote stays a draft, no notice queued', async () => {
    const { cookie } = await customer();
    const quote = await draft(cookie, [{ questionId: fixtures, value: 2 }]);
    const url = `/api/quotes/${quote.id}/submit`;
    const notices = await outboxCount();

    const fromSaved = await call('POST', url, cookie, { quoteName: 'Leaky sink', description: DESCRIPTION });
    expect(fromSaved.statusCode).toBe(400);
    expect(fromSaved.json()).toMatchObject({ code: 'QUOTE_ANSWER_INVALID', field: `answers.${when}` });
    expect(fromSaved.json().error).toBe('Please choose a date or "Flexible" for "When do you need it?"');

    const fromBody = await call('POST', url, cookie, {
      quoteName: 'Renamed',
      description: DESCRIPTION,
      answers: [{ questionId: when, value: inDays(10) }],
    });
    expect(fromBody.json()).toMatchObject({ code: 'QUOTE_ANSWER_INVALID', field: `answers.${property}` });
    expect(fromBody.json().error).toBe('Please choose an answer to "Property"');

    const row = await storedRow(quote.id);
    expect(row).toMatchObject({ status: 'draft', quoteName: 'Leaky sink', submittedAt: null });
    expect(row.answers).toEqual(quote.answers);
    expect(await outboxCount()).toBe(notices);
  });

  it('stores the answers with the wording at submit time; a later edit of the question leaves them as asked', async () => {
    const { cookie } = await customer();
    const date = inDays(14);
    const quote = await draft(cookie, [
      { questionId: when, value: date },
      { questionId: property, value: 'House' },
    ]);
    expect(quote.answers.map((answer) => answer.question)).toEqual(['When do you need it?', 'Property']);

    // Reworded between saving and sending: the request goes with the words of the moment it is sent.
    await setQuestions(
      asked.map((question) => (question.id === property ? { ...question, label: 'Type of property' } : question)),
    );
    const submitted = await call('POST', `/api/quotes/${quote.id}/submit`, cookie, {
      quoteName: 'Leaky sink',
      description: DESCRIPTION,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const sent = [
      { questionId: when, question: 'When do you need it?', kind: 'date', unit: null, value: date },
      { questionId: property, question: 'Type of property', kind: 'single_choice', unit: null, value: 'House' },
    ];
    expect(submitted.json()).toMatchObject({ status: 'in_progress', answers: sent });

    await setQuestions(
      asked.map((question) =>
        question.id === property ? { ...question, label: 'Property kind', options: ['Home', 'Office'] } : question,
      ),
    );
    expect((await call('GET', `/api/quotes/${quote.id}`, cookie)).json().answers).toEqual(sent);
    expect((await storedRow(quote.id)).answers).toEqual(sent);
  });

  it('drops a saved answer to a question deleted since, but refuses one the body names', async () => {
    const { cookie } = await customer();
    const quote = await draft(cookie, [
      { questionId: when, value: 'flexible' },
      { questionId: property, value: 'Business' },
      { questionId: notes, value: 'Gate code 1234' },
    ]);
    await setQuestions(asked.filter((question) => question.id !== notes));
    const body = { quoteName: 'Leaky sink', description: DESCRIPTION };

    const named = await call('POST', `/api/quotes/${quote.id}/submit`, cookie, {
      ...body,
      answers: [
        { questionId: when, value: 'flexible' },
        { questionId: property, value: 'Business' },
        { questionId: notes, value: 'Gate code 1234' },
      ],
    });
    expect(named.json()).toMatchObject({ code: 'QUOTE_ANSWER_INVALID', field: `answers.${notes}` });
    expect((await storedRow(quote.id)).status).toBe('draft');

    const submitted = await call('POST', `/api/quotes/${quote.id}/submit`, cookie, body);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().answers.map((answer: StoredAnswer) => answer.questionId)).toEqual([when, property]);
  });
});

describe('who reads the answers', () => {
  it('the pro of the request reads them before replying; the owner of a company not in it is refused', async () => {
    const { cookie } = await customer();
    const vendor = await createUser(t.db);
    const company = await createCompany(t.db, { ownerId: vendor.id });
    const quote = await draft(
      cookie,
      [
        { questionId: when, value: 'flexible' },
        { questionId: property, value: 'Apartment or condo' },
        { questionId: fixtures, value: 3 },
      ],
      [company.id],
    );
    const submitted = await call('POST', `/api/quotes/${quote.id}/submit`, cookie, {
      quoteName: 'Leaky sink',
      description: DESCRIPTION,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    // The pro has not replied (nor paid): the answers are what it judges the request by.
    const vendorCookie = await loginAs(t.app, vendor);
    const read = await call('GET', `/api/quotes/${quote.id}`, vendorCookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().answers).toEqual(submitted.json().answers);
    expect(read.json().answers).toHaveLength(3);

    const stranger = await createUser(t.db);
    await createCompany(t.db, { ownerId: stranger.id });
    const refused = await call('GET', `/api/quotes/${quote.id}`, await loginAs(t.app, stranger));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Apartment or condo');
  });
});
