/**
 * Questions per category: what the quote form asks after the description, so a pro can judge a
 * request before paying to answer it. Admins edit each category's list; the customer's answers are
 * stored with the question's wording as it was asked, so editing a question later never rewrites
 * an old request. The checks on answers are shared: the form and the server say the same words.
 */
import { z } from 'zod';

export const QUESTION_KINDS = ['single_choice', 'multiple_choice', 'number', 'date', 'text'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single_choice: 'One choice',
  multiple_choice: 'Several choices',
  number: 'Number with unit',
  date: 'Date or "Flexible"',
  text: 'Short text',
};
const isChoice = (kind: QuestionKind) => kind === 'single_choice' || kind === 'multiple_choice';

export const MAX_QUESTIONS_PER_CATEGORY = 15;
export const MAX_QUESTION_OPTIONS = 20;
export const QUESTION_LABEL_MAX = 200;
export const QUESTION_HELP_MAX = 500;
export const QUESTION_OPTION_MAX = 100;
export const QUESTION_UNIT_MAX = 20;
export const TEXT_ANSWER_MAX = 500;
export const NUMBER_ANSWER_MAX = 1_000_000_000;
/** The date answer that means "whenever suits". */
export const FLEXIBLE = 'flexible';
/** How far ahead a date answer may be. */
export const DATE_ANSWER_MAX_YEARS = 3;

// ───────────── definitions (the admin's editor) ─────────────

export const QuestionDefinitionSchema = z
  .object({
    /** An existing question keeps its id; a new one has none. */
    id: z.number().int().positive().max(2_147_483_647).optional(),
    kind: z.enum(QUESTION_KINDS, { error: 'Choose what kind of answer the question takes' }),
    label: z
      .string({ error: 'Please enter the question' })
      .trim()
      .min(1, 'Please enter the question')
      .max(QUESTION_LABEL_MAX, `A question can be at most ${QUESTION_LABEL_MAX} characters`),
    helpText: z
      .string()
      .trim()
      .max(QUESTION_HELP_MAX, `Help text can be at most ${QUESTION_HELP_MAX} characters`)
      .nullish()
      .transform((value) => value || null),
    required: z.boolean({ error: 'Say whether an answer is required' }),
    options: z
      .array(
        z
          .string({ error: 'Each option must be text' })
          .trim()
          .min(1, 'An option cannot be empty')
          .max(QUESTION_OPTION_MAX, `An option can be at most ${QUESTION_OPTION_MAX} characters`),
        { error: 'Options must be a list' },
      )
      .max(MAX_QUESTION_OPTIONS, `A question can have at most ${MAX_QUESTION_OPTIONS} options`)
      .default([]),
    unit: z
      .string()
      .trim()
      .max(QUESTION_UNIT_MAX, `A unit can be at most ${QUESTION_UNIT_MAX} characters`)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((question, ctx) => {
    if (isChoice(question.kind)) {
      if (question.options.length < 2) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'A choice question needs at least 2 options' });
      }
      const seen = new Set<string>();
      question.options.forEach((option, index) => {
        const key = option.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['options', index], message: 'Each option must be different' });
        seen.add(key);
      });
    } else if (question.options.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only choice questions have options' });
    }
    if (question.unit !== null && question.kind !== 'number') {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Only number questions have a unit' });
    }
  });
export type QuestionDefinition = z.infer<typeof QuestionDefinitionSchema>;

/** PUT /api/admin/categories/{id}/questions: the category's whole list, in the order asked. */
export const PutCategoryQuestionsBodySchema = z
  .object({
    questions: z
      .array(QuestionDefinitionSchema, { error: 'Questions must be a list' })
      .max(MAX_QUESTIONS_PER_CATEGORY, `A category can ask at most ${MAX_QUESTIONS_PER_CATEGORY} questions`),
  })
  .superRefine((body, ctx) => {
    const ids = new Set<number>();
    body.questions.forEach((question, index) => {
      if (question.id === undefined) return;
      if (ids.has(question.id))
        ctx.addIssue({ code: 'custom', path: ['questions', index, 'id'], message: 'A question appears twice' });
      ids.add(question.id);
    });
  });
export type PutCategoryQuestionsBody = z.infer<typeof PutCategoryQuestionsBodySchema>;

export const CategoryQuestionSchema = z.object({
  id: z.number(),
  categoryId: z.number(),
  position: z.number(),
  kind: z.enum(QUESTION_KINDS),
  label: z.string(),
  helpText: z.string().nullable(),
  required: z.boolean(),
  options: z.array(z.string()),
  unit: z.string().nullable(),
});
export type CategoryQuestion = z.infer<typeof CategoryQuestionSchema>;
export const CategoryQuestionsSchema = z.object({ categoryId: z.number(), questions: z.array(CategoryQuestionSchema) });
export type CategoryQuestions = z.infer<typeof CategoryQuestionsSchema>;

// ───────────── answers (the quote form) ─────────────

/** An answer's value: a choice or text or a date ('YYYY-MM-DD' or "flexible"), several choices, or a number. */
export const AnswerValueSchema = z.union([
  z.string().max(TEXT_ANSWER_MAX * 2),
  z.array(z.string().max(QUESTION_OPTION_MAX * 2)).max(MAX_QUESTION_OPTIONS),
  z.number(),
]);
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

export const AnswerInputSchema = z.object({
  questionId: z.number({ error: 'Each answer names its question' }).int().positive().max(2_147_483_647),
  value: AnswerValueSchema.nullable(),
});
export type AnswerInput = z.infer<typeof AnswerInputSchema>;
export const AnswersInputSchema = z
  .array(AnswerInputSchema, { error: 'Answers must be a list' })
  .max(MAX_QUESTIONS_PER_CATEGORY, `A request answers at most ${MAX_QUESTIONS_PER_CATEGORY} questions`);

/** An answer as stored with its request: the question's wording as it was asked. */
export const StoredAnswerSchema = z.object({
  questionId: z.number().nullable(),
  question: z.string(),
  kind: z.enum(QUESTION_KINDS),
  unit: z.string().nullable(),
  value: z.union([z.string(), z.array(z.string()), z.number()]),
});
export type StoredAnswer = z.infer<typeof StoredAnswerSchema>;

export interface AnswerProblem {
  /** `answers.{questionId}`: the field the form shows the message under. */
  field: string;
  message: string;
}

export const answerField = (questionId: number) => `answers.${questionId}`;

const missingMessage = (question: Pick<CategoryQuestion, 'kind' | 'label'>) => {
  switch (question.kind) {
    case 'single_choice':
    case 'multiple_choice':
      return `Please choose an answer to "${question.label}"`;
    case 'number':
      return `Please enter a number for "${question.label}"`;
    case 'date':
      return `Please choose a date or "Flexible" for "${question.label}"`;
    case 'text':
      return `Please answer "${question.label}"`;
  }
};

const isEmpty = (value: AnswerValue | null | undefined) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** Today's date as YYYY-MM-DD in UTC, shifted by `days`. */
const isoDay = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Checks `answers` against the category's `questions`. On a draft (`requireAll` false) a missing
 * answer is fine; on submit a required question must be answered. An answer to a question the
 * category does not ask, or of the wrong kind, is refused either way. Answers the first problem,
 * or the answers to store, in the questions' order, with their wording.
 */
export function checkAnswers(
  questions: readonly CategoryQuestion[],
  answers: readonly AnswerInput[],
  { requireAll, now = new Date() }: { requireAll: boolean; now?: Date },
): { ok: true; stored: StoredAnswer[] } | { ok: false; problem: AnswerProblem } {
  const byId = new Map(answers.map((answer) => [answer.questionId, answer.value]));
  if (byId.size !== answers.length) {
    const repeated = answers.find((answer, index) => answers.findIndex((a) => a.questionId === answer.questionId) !== index)!;
    return { ok: false, problem: { field: answerField(repeated.questionId), message: 'A question is answered twice' } };
  }
  const asked = new Set(questions.map((question) => question.id));
  const stray = answers.find((answer) => !asked.has(answer.questionId));
  if (stray) {
    return {
      ok: false,
      problem: {
        field: answerField(stray.questionId),
        message: 'This question is no longer asked: reload the page to see the current questions',
      },
    };
  }
  const stored: StoredAnswer[] = [];
  for (const question of questions) {
    const field = answerField(question.id);
    const raw = byId.get(question.id);
    if (isEmpty(raw)) {
      if (requireAll && question.required) return { ok: false, problem: { field, message: missingMessage(question) } };
      continue;
    }
    const value = normaliseAnswer(question, raw!, now);
    if (typeof value === 'object' && value !== null && 'message' in value)
      return { ok: false, problem: { field, message: value.message } };
    stored.push({ questionId: question.id, question: question.label, kind: question.kind, unit: question.unit, value });
  }
  return { ok: true, stored };
}

function normaliseAnswer(question: CategoryQuestion, raw: AnswerValue, now: Date): StoredAnswer['value'] | { message: string } {
  const label = question.label;
  const notAnOption = { message: `Please choose one of the options for "${label}"` };
  switch (question.kind) {
    case 'single_choice':
      return typeof raw === 'string' && question.options.includes(raw) ? raw : notAnOption;
    case 'multiple_choice': {
      if (!Array.isArray(raw) || raw.some((choice) => !question.options.includes(choice))) return notAnOption;
      const chosen = new Set(raw);
      // Stored in the options' order, each once.
      return question.options.filter((option) => chosen.has(option));
    }
    case 'number': {
      const value = typeof raw === 'string' && /^\d{1,10}(\.\d{1,2})?$/.test(raw.trim()) ? Number(raw.trim()) : raw;
      if (typeof value !== 'number' || !Number.isFinite(value)) return { message: `Please enter a number for "${label}"` };
      if (value < 0 || value > NUMBER_ANSWER_MAX) {
        return { message: `"${label}" must be a number from 0 to ${NUMBER_ANSWER_MAX.toLocaleString('en-US')}` };
      }
      return Math.round(value * 100) / 100;
    }
    case 'date': {
      if (typeof raw !== 'string') return { message: missingMessage(question) };
      const value = raw.trim().toLowerCase();
      if (value === FLEXIBLE) return FLEXIBLE;
      const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
      if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
        return { message: missingMessage(question) };
      }
      // A day behind UTC is still "today" somewhere in the country.
      if (value < isoDay(now, -1)) return { message: `Please choose a date from today on for "${label}"` };
      if (value > isoDay(now, DATE_ANSWER_MAX_YEARS * 366)) {
        return { message: `Please choose a date within ${DATE_ANSWER_MAX_YEARS} years for "${label}"` };
      }
      return value;
    }
    case 'text': {
      if (typeof raw !== 'string') return { message: `Please answer "${label}"` };
      const value = raw.trim();
      if (value.length > TEXT_ANSWER_MAX) return { message: `"${label}" can be at most ${TEXT_ANSWER_MAX} characters` };
      return value;
    }
  }
}

/** An answer in words, as the pro and the customer read it ("3 rooms", "Flexible", "A, B"). */
export function answerText(answer: Pick<StoredAnswer, 'kind' | 'unit' | 'value'>, locale = 'en-US'): string {
  const { value } = answer;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return `${value.toLocaleString(locale)}${answer.unit ? ` ${answer.unit}` : ''}`;
  if (answer.kind === 'date') {
    if (value === FLEXIBLE) return 'Flexible';
    return new Date(`${value}T12:00:00Z`).toLocaleDateString(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
  }
  return value;
}
