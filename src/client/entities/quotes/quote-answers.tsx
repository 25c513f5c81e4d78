/**
 * A request's answers to its category's questions, each under the question's wording as it was
 * asked: the customer reads them back, and a pro reads them to judge the job before paying to reply.
 * Nothing is drawn when there are none.
 */
import type { ReactNode } from 'react';
import { cn } from '@/client/components/ui/cn';
import { getFormatSettings } from '@/client/lib/format';
import { answerText, type StoredAnswer } from '@/shared/schemas/questions';

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
  if (answers.length === 0) return null;
  const { locale } = getFormatSettings();
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
            <dd className="break-words font-medium text-slate-900">{answerText(answer, locale)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
