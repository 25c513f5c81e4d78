/**
 * A category's questions: anyone reads them in order; an admin replaces the whole list (edits in
 * place, adds, deletes, reorders) on the audit log; a hostile list is refused naming its field,
 * with nothing stored; the defaults are seeded once per category and never again.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, categoryQuestions } from '@/server/db/schema';
import { CATALOG } from '@/server/db/seed/catalog-data';
import { QUESTION_DEFAULTS } from '@/server/db/seed/question-defaults';
import { seedCatalog } from '@/server/db/seed/seed';
import { createUser, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';
import type { CategoryQuestion, CategoryQuestions } from '@/shared/schemas/questions';

let t: TestApp;
let adminCookie: string;
let userCookie: string;
beforeAll(async () => {
  t = await startTestApp();
  adminCookie = await loginAs(t.app, await createUser(t.db, { isAdmin: true, isVerified: true }));
  userCookie = await loginAs(t.app, await createUser(t.db, { isVerified: true }));
});
afterAll(() => t.close());
const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t.app)(...args);

async function categoryId(slug: string): Promise<number> {
  const [row] = await t.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  return row.id;
}

const read = async (id: number) => (await call('GET', `/api/categories/${id}/questions`)).json<CategoryQuestions>().questions;
const put = (id: number, questions: unknown[], cookie = adminCookie) =>
  call('PUT', `/api/admin/categories/${id}/questions`, cookie, { questions });
const auditCount = async (id: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'category'), eq(auditLog.entityId, String(id))))
  )[0].n;

const when = { kind: 'date', label: 'When do you need it?', required: true };
const rooms = { kind: 'number', label: 'How many rooms?', required: false, unit: 'rooms' };
const property = { kind: 'single_choice', label: 'Property', required: true, options: ['House', 'Apartment'] };
const notes = { kind: 'text', label: 'Anything else?', helpText: 'Parking, pets', required: false };

describe('the seeded questions', () => {
  it('gives every category of the catalogue its defaults, in order, once', async () => {
    for (const category of CATALOG) {
      const id = await categoryId(category.slug);
      const [row] = await t.db.select().from(categories).where(eq(categories.id, id));
      expect(row.questionsSeeded, category.slug).toBe(true);
      const questions = await read(id);
      expect(
        questions.map(({ kind, label, required, options, unit }) => ({ kind, label, required, options, unit })),
        category.slug,
      ).toEqual(
        QUESTION_DEFAULTS[category.slug].map(({ kind, label, required, options = [], unit = null }) => ({
          kind,
          label,
          required,
          options,
          unit,
        })),
      );
      expect(questions.map((question) => question.position)).toEqual(questions.map((_, index) => index));
    }
  });

  it('adds none on a later start, even to a category an admin emptied; a category never seeded gets its defaults', async () => {
    const emptied = await categoryId('junk-removal-waste');
    expect((await put(emptied, [])).statusCode).toBe(200);
    const total = async () => (await t.db.select({ n: count() }).from(categoryQuestions))[0].n;
    const before = await total();

    await seedCatalog(t.db);
    expect(await read(emptied)).toEqual([]);
    expect(await total()).toBe(before);

    // The flag, not the list, decides: a category whose flag is clear (as after the upgrade that
    // added questions) is given its defaults at the next start, and only once.
    const fresh = await categoryId('roofing-gutters');
    await t.db.delete(categoryQuestions).where(eq(categoryQuestions.categoryId, fresh));
    await t.db.update(categories).set({ questionsSeeded: false }).where(eq(categories.id, fresh));
    await seedCatalog(t.db);
    await seedCatalog(t.db);
    expect((await read(fresh)).map((question) => question.label)).toEqual(
      QUESTION_DEFAULTS['roofing-gutters'].map((question) => question.label),
    );
    expect(await read(emptied)).toEqual([]);
  });
});

describe('GET /api/categories/:id/questions', () => {
  it('is public, not kept by caches, and 404 for an unknown category', async () => {
    const id = await categoryId('plumbing-services');
    const answer = await call('GET', `/api/categories/${id}/questions`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.json()).toMatchObject({ categoryId: id, questions: expect.any(Array) });
    const unknown = await call('GET', '/api/categories/2147483000/questions');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Category not found', code: 'NOT_FOUND' });
    expect((await call('GET', '/api/categories/abc/questions')).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/categories/:id/questions', () => {
  it('replaces the list: edits in place, adds, deletes and reorders; answers it as GET does', async () => {
    const id = await categoryId('cleaning-services');
    const first = await put(id, [when, rooms, property]);
    expect(first.statusCode).toBe(200);
    const [w, r, p] = first.json<CategoryQuestions>().questions;
    expect(first.json()).toEqual({ categoryId: id, questions: await read(id) });
    expect([w, r, p]).toMatchObject([
      { ...when, position: 0, helpText: null, options: [], unit: null, categoryId: id },
      { ...rooms, position: 1, helpText: null, options: [] },
      { ...property, position: 2, helpText: null, unit: null },
    ]);

    // Property moves first with a new wording, "when" stays, rooms goes, a note is added.
    const second = await put(id, [{ ...property, id: p.id, label: '  Type of property  ' }, { ...when, id: w.id }, notes]);
    expect(second.statusCode).toBe(200);
    const after = second.json<CategoryQuestions>().questions;
    expect(after.map((question) => [question.id, question.label, question.position])).toEqual([
      [p.id, 'Type of property', 0],
      [w.id, 'When do you need it?', 1],
      [expect.any(Number), 'Anything else?', 2],
    ]);
    expect(after[2].id).not.toBe(r.id);
    expect(after[2]).toMatchObject({ kind: 'text', helpText: 'Parking, pets', required: false });
    expect(await read(id)).toEqual(after);
    expect(await t.db.select().from(categoryQuestions).where(eq(categoryQuestions.id, r.id))).toEqual([]);

    // An id changes its question's kind in place too.
    const third = await put(id, [{ id: w.id, kind: 'text', label: 'When?', required: false }]);
    expect(third.json<CategoryQuestions>().questions).toMatchObject([{ id: w.id, kind: 'text', label: 'When?', position: 0 }]);
    expect(
      await t.db
        .select({ id: categoryQuestions.id })
        .from(categoryQuestions)
        .where(eq(categoryQuestions.categoryId, id))
        .orderBy(asc(categoryQuestions.id)),
    ).toEqual([{ id: w.id }]);
  });

  it('writes each change on the audit log with the list before and after', async () => {
    const id = await categoryId('design-services');
    const before = await read(id);
    const answer = await put(id, [when]);
    expect(answer.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'category'), eq(auditLog.entityId, String(id))));
    expect(entry.action).toBe('category.questions');
    expect((entry.before as { questions: CategoryQuestion[] }).questions.map((question) => question.id)).toEqual(
      before.map((question) => question.id),
    );
    expect((entry.after as { questions: CategoryQuestion[] }).questions).toEqual(answer.json<CategoryQuestions>().questions);
  });

  it('is refused to anyone but an admin before the body is read, and answers 404 for an unknown category', async () => {
    const id = await categoryId('hvac-services');
    const before = await read(id);
    expect((await put(id, [when], '')).statusCode).toBe(401);
    expect((await put(id, [when], userCookie)).statusCode).toBe(403);
    // A body past every limit is not read for them: the refusal is about who, not what.
    const huge = [{ ...notes, helpText: 'x'.repeat(9 * 1024 * 1024) }];
    expect((await put(id, huge, '')).statusCode).toBe(401);
    expect((await put(id, huge, userCookie)).json()).toMatchObject({ code: 'ADMIN_ONLY' });
    expect(await read(id)).toEqual(before);
    expect(await auditCount(id)).toBe(0);
    const unknown = await put(2147483000, [when]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Category not found');
  });

  it('refuses hostile lists naming the field, and stores nothing', async () => {
    const id = await categoryId('electrical-services');
    const other = await categoryId('plumbing-services');
    const before = await read(id);
    const otherQuestion = (await read(other))[0];
    const manyOptions = Array.from({ length: 10_000 }, (_, index) => `Option ${index}`);
    const cases: [string, unknown[], string, string?][] = [
      [
        '10,000 options',
        [{ ...property, options: manyOptions }],
        'questions.0.options',
        'A question can have at most 20 options',
      ],
      [
        'a 5 MB help text',
        [when, { ...notes, helpText: 'x'.repeat(5 * 1024 * 1024) }],
        'questions.1.helpText',
        'Help text can be at most 500 characters',
      ],
      ['an unknown kind', [{ ...when, kind: 'file_upload' }], 'questions.0.kind'],
      ['options on a number', [{ ...rooms, options: ['1', '2'] }], 'questions.0.options', 'Only choice questions have options'],
      ['a unit on a choice', [{ ...property, unit: 'rooms' }], 'questions.0.unit', 'Only number questions have a unit'],
      [
        'duplicate options',
        [{ ...property, options: ['House', 'house '] }],
        'questions.0.options.1',
        'Each option must be different',
      ],
      ['one option', [{ ...property, options: ['House'] }], 'questions.0.options', 'A choice question needs at least 2 options'],
      ['an empty label', [{ ...when, label: '   ' }], 'questions.0.label', 'Please enter the question'],
      ['16 questions', Array.from({ length: 16 }, (_, index) => ({ ...notes, label: `Q${index}` })), 'questions'],
      [
        'a question twice',
        [
          { ...when, id: before[0].id },
          { ...notes, id: before[0].id },
        ],
        'questions.1.id',
      ],
      ['another category’s question', [when, { ...otherQuestion, id: otherQuestion.id }], 'questions.1.id'],
      ['an unknown question', [{ ...when, id: 2147483000 }], 'questions.0.id'],
      ['not a list', 'all' as unknown as unknown[], 'questions'],
    ];
    for (const [what, questions, field, message] of cases) {
      const answer = await put(id, questions);
      expect(answer.statusCode, what).toBe(400);
      expect(answer.json(), what).toMatchObject({ success: false, code: 'BAD_REQUEST', field });
      if (message) expect(answer.json().error, what).toBe(message);
    }
    expect(await read(id)).toEqual(before);
    expect(await auditCount(id)).toBe(0);
  });
});
