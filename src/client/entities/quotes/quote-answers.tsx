/**
 * A request's answers to its category's questions, each under the question's wording as it was
 * asked: the customer reads them back, and a pro reads them to judge the job before paying to reply.
 * Nothing is drawn when there are none.
 */
import type { ReactNode } from 'react';
import { cn } from '@/client/components/ui/cn';
import { formatDate, formatNumber } from '@/client/lib/format';
import { useT } from '@/client/lib/i18n';
import { FLEXIBLE, type StoredAnswer } from '@/shared/schemas/questions';

type Translate = ReturnType<typeof useT>;

/**
 * An answer as the page's language writes it: the options chosen, a number with its unit, a day
 * ("March 5, 2026") or "Flexible", or the words typed.
 */
export function answerWords(answer: Pick<StoredAnswer, 'kind' | 'unit' | 'value'>, t: Translate): string {
  const { value } = answer;
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'number') return `${formatNumber(value)}${answer.unit ? ` ${answer.unit}` : ''}`;
  if (answer.kind === 'date') return value === FLEXIBLE ? t('quotes.answers.flexible') : formatDate(value, 'long');
  return value;
}

export function QuoteAnswers({
  answers,
  heading,
  className,
}: {
  answers: readonly StoredAnswer[];
  /** The heading above the list, in the screen's own style. */
  heading: ReactNode;
  className?: string;
}) {
  const t = useT();
  if (answers.length === 0) return null;
  return (
    <div className={className}>
      {heading}
      <dl className="mt-2 grid gap-2 text-sm">
        {answers.map((answer, index) => (
          <div
            key={answer.questionId ?? `asked-${index}`}
            className={cn('grid gap-0.5', index > 0 && 'border-t border-slate-100 pt-2')}
          >
            <dt className="break-words text-slate-700">{answer.question}</dt>
            <dd className="break-words font-medium text-slate-900">{answerWords(answer, t)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
