/**
 * The category's questions on the draft form, after the description, each drawn by its kind: one
 * choice as radio buttons, several as checkboxes, a number with its unit after it, a date or
 * "Flexible", a short text. Required ones say so; a question's message sits under it.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingList, RetryAlert } from '@/client/components/list-states';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Skeleton } from '@/client/components/ui/skeleton';
import { errorMessage } from '@/client/lib/api';
import { Message, useT, useTranslateText } from '@/client/lib/i18n';
import { TEXT_ANSWER_MAX, type CategoryQuestion, type CategoryQuestions } from '@/shared/schemas/questions';
import type { QuoteAnswers } from '../hooks/use-quote-answers';

const choiceClass = 'size-4 shrink-0 accent-blue-700';

/** Today in the visitor's calendar, YYYY-MM-DD, the earliest day the date input offers. */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

function RequiredMark({ required }: { required: boolean }) {
  const t = useT();
  // The space is text, so the question's accessible name reads "… (required)".
  return required ? <span className="text-xs font-normal text-slate-600">{t('quotes.questions.required')}</span> : null;
}

interface QuestionProps {
  question: CategoryQuestion;
  answers: QuoteAnswers;
}

/** The ids a question's inputs point at: its help text and its message. */
function describedBy(id: string, question: CategoryQuestion, error: string | undefined, extra?: string) {
  return (
    [question.helpText ? `${id}-hint` : null, extra ?? null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  );
}

/** The help text, read before answering: under the question, above its inputs. */
function Help({ id, question }: { id: string; question: CategoryQuestion }) {
  return question.helpText ? (
    <p id={`${id}-hint`} className="-mt-0.5 text-xs text-slate-600">
      {question.helpText}
    </p>
  ) : null;
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  // The shared check's words, or the server's.
  const translateText = useTranslateText();
  return error ? (
    <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
      {translateText(error)}
    </p>
  ) : null;
}

/**
 * A question answered by picking: a group with the question as its legend. Radio buttons take no
 * "invalid" of their own, so one choice is a radio group that carries it (and "required").
 */
function ChoiceGroup({
  question,
  answers,
  isRadioGroup = false,
  children,
}: QuestionProps & { isRadioGroup?: boolean; children: ReactNode }) {
  const id = answers.inputId(question.id);
  const error = answers.error(question.id);
  const radioGroup = isRadioGroup
    ? {
        role: 'radiogroup',
        'aria-labelledby': `${id}-legend`,
        'aria-required': question.required || undefined,
        'aria-invalid': error ? true : undefined,
      }
    : {};
  return (
    <fieldset className="grid gap-2" aria-describedby={describedBy(id, question, error)} {...radioGroup}>
      <legend id={`${id}-legend`} className="mb-1 text-sm font-medium text-slate-800">
        {question.label}
        <RequiredMark required={question.required} />
      </legend>
      <Help id={id} question={question} />
      {children}
      <ErrorText id={id} error={error} />
    </fieldset>
  );
}

function SingleChoice({ question, answers }: QuestionProps) {
  const id = answers.inputId(question.id);
  const chosen = answers.value(question.id);
  return (
    <ChoiceGroup question={question} answers={answers} isRadioGroup>
      <div className="grid gap-2 sm:grid-cols-2">
        {question.options.map((option, index) => (
          // By place, so the focused input stays when the options are read again reworded.
          <label key={index} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              id={index === 0 ? id : undefined}
              name={id}
              value={option}
              checked={chosen === option}
              onChange={() => answers.setValue(question.id, option)}
              className={`mt-0.5 ${choiceClass}`}
            />
            {option}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}

function MultipleChoice({ question, answers }: QuestionProps) {
  const id = answers.inputId(question.id);
  const value = answers.value(question.id);
  const chosen = Array.isArray(value) ? value : [];
  const invalid = answers.error(question.id) ? true : undefined;
  const toggle = (option: string, on: boolean) =>
    answers.setValue(
      question.id,
      question.options.filter((entry) => (entry === option ? on : chosen.includes(entry))),
    );
  return (
    <ChoiceGroup question={question} answers={answers}>
      <div className="grid gap-2 sm:grid-cols-2">
        {question.options.map((option, index) => (
          // By place, so the focused input stays when the options are read again reworded.
          <label key={index} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              id={index === 0 ? id : undefined}
              value={option}
              checked={chosen.includes(option)}
              aria-invalid={invalid}
              onChange={(event) => toggle(option, event.target.checked)}
              className={`mt-0.5 ${choiceClass}`}
            />
            {option}
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}

function DateAnswer({ question, answers }: QuestionProps) {
  const t = useT();
  const id = answers.inputId(question.id);
  const { mode, date } = answers.date(question.id);
  const invalid = answers.error(question.id) ? true : undefined;
  return (
    <ChoiceGroup question={question} answers={answers}>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            id={id}
            name={id}
            checked={mode === 'date'}
            onChange={() => answers.setDate(question.id, { mode: 'date', date })}
            className={choiceClass}
          />
          {t('quotes.questions.onADate')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name={id}
            checked={mode === 'flexible'}
            onChange={() => answers.setDate(question.id, { mode: 'flexible', date })}
            className={choiceClass}
          />
          {t('quotes.questions.flexible')}
        </label>
      </div>
      {/* Hidden while "Flexible" is chosen; a day picked before comes back with "On a date". */}
      {mode !== 'flexible' && (
        <div className="ms-6 grid gap-1">
          <Label htmlFor={`${id}-date`} className="text-xs font-normal text-slate-700">
            <Message
              id="quotes.questions.dateLabel"
              values={{ question: question.label }}
              parts={{ 0: <span className="sr-only" /> }}
            />
          </Label>
          <Input
            id={`${id}-date`}
            type="date"
            min={today()}
            value={date}
            aria-invalid={invalid}
            // Picking a day means "on a date".
            onChange={(event) => answers.setDate(question.id, { mode: 'date', date: event.target.value })}
            className="w-auto max-w-48"
          />
        </div>
      )}
    </ChoiceGroup>
  );
}

/** A question answered by typing: its label, help text, the input(s), and its message. */
function TypedAnswer({ question, answers, children }: QuestionProps & { children: ReactNode }) {
  const id = answers.inputId(question.id);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {question.label}
        <RequiredMark required={question.required} />
      </Label>
      <Help id={id} question={question} />
      {children}
      <ErrorText id={id} error={answers.error(question.id)} />
    </div>
  );
}

function NumberAnswer({ question, answers }: QuestionProps) {
  const id = answers.inputId(question.id);
  const error = answers.error(question.id);
  const value = answers.value(question.id);
  return (
    <TypedAnswer question={question} answers={answers}>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, question, error, question.unit ? `${id}-unit` : undefined)}
          onChange={(event) => answers.setValue(question.id, event.target.value)}
          className="w-40"
        />
        {question.unit && (
          <span id={`${id}-unit`} className="text-sm text-slate-700">
            {question.unit}
          </span>
        )}
      </div>
    </TypedAnswer>
  );
}

function TextAnswer({ question, answers }: QuestionProps) {
  const id = answers.inputId(question.id);
  const error = answers.error(question.id);
  const value = answers.value(question.id);
  return (
    <TypedAnswer question={question} answers={answers}>
      <Input
        id={id}
        value={typeof value === 'string' ? value : ''}
        maxLength={TEXT_ANSWER_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, question, error)}
        onChange={(event) => answers.setValue(question.id, event.target.value)}
      />
    </TypedAnswer>
  );
}

const BY_KIND = {
  single_choice: SingleChoice,
  multiple_choice: MultipleChoice,
  number: NumberAnswer,
  date: DateAnswer,
  text: TextAnswer,
} as const;

export function QuoteQuestionsFieldset({
  questions,
  answers,
  disabled,
}: {
  questions: UseQueryResult<CategoryQuestions>;
  answers: QuoteAnswers;
  disabled: boolean;
}) {
  const t = useT();
  if (questions.isLoading) {
    return (
      <LoadingList label={t('quotes.questions.loading')} className="grid gap-3">
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-16 w-full" />
      </LoadingList>
    );
  }
  if (questions.isError) {
    return (
      <RetryAlert
        title={t('quotes.questions.loadFailed')}
        message={errorMessage(questions.error, t('quotes.common.tryAgain'))}
        onRetry={() => void questions.refetch()}
      />
    );
  }
  const list = questions.data?.questions ?? [];
  if (list.length === 0) return null;
  return (
    <fieldset className="grid gap-5 rounded-lg border border-slate-200 p-3 sm:p-4" disabled={disabled}>
      <legend className="px-1 text-base font-semibold text-slate-900">{t('quotes.questions.legend')}</legend>
      <p className="-mt-2 text-sm text-slate-700">
        {list.some((question) => question.required) ? t('quotes.questions.introRequired') : t('quotes.questions.intro')}
      </p>
      {list.map((question) => {
        const Question = BY_KIND[question.kind];
        return <Question key={question.id} question={question} answers={answers} />;
      })}
    </fieldset>
  );
}
