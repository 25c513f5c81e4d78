/**
 * The draft's answers to its category's questions, as the inputs hold them, and their checks: the
 * shared `checkAnswers` before sending (Submit requires the required ones, Save Draft does not),
 * and a server refusal naming `answers.{questionId}` shown under that question. Such a refusal
 * after the client's own check passed means the admin changed the questions while the form was
 * open: they are read again, so the form shows what the server now asks.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/client/lib/api';
import {
  answerField,
  checkAnswers,
  FLEXIBLE,
  type AnswerInput,
  type CategoryQuestion,
  type CategoryQuestions,
  type StoredAnswer,
} from '@/shared/schemas/questions';

/** Text for one choice, a number, a date or words; the chosen options for several choices. */
export type AnswerFormValue = string | string[];
export type DateMode = 'date' | 'flexible';

/** The saved answer as its input shows it. */
const formValueOf = (answer: StoredAnswer): AnswerFormValue =>
  Array.isArray(answer.value) ? answer.value : typeof answer.value === 'number' ? String(answer.value) : answer.value;

const initialValues = (answers: readonly StoredAnswer[]) =>
  Object.fromEntries(
    answers.filter((answer) => answer.questionId !== null && answer.kind !== 'date').map((a) => [a.questionId!, formValueOf(a)]),
  ) as Record<number, AnswerFormValue>;

const initialDates = (answers: readonly StoredAnswer[]) =>
  Object.fromEntries(
    answers
      .filter((answer) => answer.questionId !== null && answer.kind === 'date' && typeof answer.value === 'string')
      .map((answer) =>
        answer.value === FLEXIBLE
          ? [answer.questionId!, { mode: 'flexible', date: '' }]
          : [answer.questionId!, { mode: 'date', date: answer.value as string }],
      ),
  ) as Record<number, { mode: DateMode; date: string }>;

/** What the input holds, as the API takes it: a number question's digits as a number. */
function inputValue(question: CategoryQuestion, value: AnswerFormValue): AnswerInput['value'] {
  if (question.kind === 'number' && typeof value === 'string') {
    const text = value.trim();
    return text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  }
  return value;
}

const isBlank = (value: AnswerInput['value']) =>
  value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

export interface QuoteAnswers {
  value(questionId: number): AnswerFormValue;
  setValue(questionId: number, value: AnswerFormValue): void;
  date(questionId: number): { mode: DateMode | null; date: string };
  setDate(questionId: number, next: { mode: DateMode; date: string }): void;
  /** The message under a question, if any. */
  error(questionId: number): string | undefined;
  /** The element id of a question's first input; its message is `${id}-error`, its help `${id}-hint`. */
  inputId(questionId: number): string;
  /**
   * Checks the answers before a save or a submit: on a problem, shows it under its question, puts
   * the keyboard there and answers null. Else the answers to send (only those given), or undefined
   * while the questions are not known (the saved answers are then left as they are).
   */
  check(options: { requireAll: boolean }): { input: AnswerInput[] | undefined } | null;
  /** Shows a server refusal of an answer under its question (and reads the questions again); whether it was one. */
  showServerError(error: unknown, message: string): boolean;
}

export function useQuoteAnswers(
  idPrefix: string,
  saved: readonly StoredAnswer[],
  questionsQuery: UseQueryResult<CategoryQuestions>,
): QuoteAnswers {
  const questions = questionsQuery.data?.questions;
  const [values, setValues] = useState(() => initialValues(saved));
  const [dates, setDates] = useState(() => initialDates(saved));
  const [errors, setErrors] = useState<Record<number, string>>({});
  // Set with the message that moves the keyboard, so the render it causes finds the input.
  const focusTarget = useRef<number | null>(null);
  const inputId = (questionId: number) => `${idPrefix}-answer-${questionId}`;

  useEffect(() => {
    if (focusTarget.current === null) return;
    const input = document.getElementById(`${idPrefix}-answer-${focusTarget.current}`);
    // While the form is busy its inputs are disabled: the render that enables them focuses.
    if (input?.matches(':disabled')) return;
    input?.focus();
    focusTarget.current = null;
  });

  const clearError = (questionId: number) =>
    setErrors((current) => {
      if (!(questionId in current)) return current;
      const next = { ...current };
      delete next[questionId];
      return next;
    });

  const showError = (questionId: number, message: string) => {
    setErrors({ [questionId]: message });
    focusTarget.current = questionId;
  };

  const answerOf = (question: CategoryQuestion): AnswerInput['value'] => {
    if (question.kind === 'date') {
      const entry = dates[question.id];
      return entry?.mode === 'flexible' ? FLEXIBLE : (entry?.date ?? '');
    }
    const value = values[question.id];
    return value === undefined ? null : inputValue(question, value);
  };

  return {
    value: (questionId) => values[questionId] ?? '',
    setValue: (questionId, value) => {
      setValues((current) => ({ ...current, [questionId]: value }));
      clearError(questionId);
    },
    date: (questionId) => dates[questionId] ?? { mode: null, date: '' },
    setDate: (questionId, next) => {
      setDates((current) => ({ ...current, [questionId]: next }));
      clearError(questionId);
    },
    error: (questionId) => errors[questionId],
    inputId,
    check: ({ requireAll }) => {
      if (!questions) return { input: undefined };
      const input = questions
        .map((question) => ({ questionId: question.id, value: answerOf(question) }))
        .filter((answer) => !isBlank(answer.value));
      const checked = checkAnswers(questions, input, { requireAll });
      const problem = checked.ok ? null : checked.problem;
      const question = problem && questions.find((entry) => answerField(entry.id) === problem.field);
      if (problem && question) {
        showError(question.id, problem.message);
        return null;
      }
      setErrors({});
      return { input };
    },
    showServerError: (error, message) => {
      const field = error instanceof ApiError ? error.field : undefined;
      if (!field?.startsWith('answers.')) return false;
      void questionsQuery.refetch();
      const question = questions?.find((entry) => answerField(entry.id) === field);
      if (!question) return false;
      showError(question.id, message);
      return true;
    },
  };
}
