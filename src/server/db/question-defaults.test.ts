/**
 * The seeded questions are ones the admin's editor would accept as they are: a definition the
 * schema refuses or rewrites (a stray space, a help text left empty) would be stored unlike any
 * the editor stores.
 */
import { describe, expect, it } from 'vitest';
import { PutCategoryQuestionsBodySchema } from '@/shared/schemas/questions';
import { CATALOG } from './seed/catalog-data';
import { QUESTION_DEFAULTS } from './seed/question-defaults';

describe('the default questions of each category', () => {
  it('cover exactly the catalogue’s categories, 4 to 6 questions each', () => {
    expect(Object.keys(QUESTION_DEFAULTS).sort()).toEqual(CATALOG.map((category) => category.slug).sort());
    for (const [slug, questions] of Object.entries(QUESTION_DEFAULTS)) {
      expect(questions.length, slug).toBeGreaterThanOrEqual(4);
      expect(questions.length, slug).toBeLessThanOrEqual(6);
    }
  });

  for (const [slug, questions] of Object.entries(QUESTION_DEFAULTS)) {
    it(`${slug}: every definition passes the editor’s schema unchanged`, () => {
      const parsed = PutCategoryQuestionsBodySchema.safeParse({ questions });
      expect(parsed.error?.issues, slug).toBeUndefined();
      const normalised = questions.map((question) => ({
        helpText: null,
        options: [],
        unit: null,
        ...question,
      }));
      expect(parsed.data?.questions).toEqual(normalised);
    });

    it(`${slug}: asks when (a date), and ends with the optional free note`, () => {
      expect(questions[0].kind).toBe('date');
      expect(questions.at(-1)).toMatchObject({ kind: 'text', label: 'Anything else the pro should know?', required: false });
      expect(new Set(questions.map((question) => question.label.toLowerCase())).size).toBe(questions.length);
    });
  }
});
