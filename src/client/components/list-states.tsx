import type { LucideIcon } from 'lucide-react';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import type { ReactNode } from 'react';
import { Alert } from '@/client/components/ui/alert';
import { Button } from '@/client/components/ui/button';
import { useT } from '@/client/lib/i18n';

/** The "nothing here" line's look, by where the list sits. */
export const emptyListClass = {
  /** Inside a card or panel. */
  panel: 'rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700',
  /** On its own on a page. */
  page: 'rounded-lg border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-slate-700',
  /** Inside a table's frame, which draws the border. */
  table: 'p-8 text-center text-slate-600',
} as const;

interface ListStatesProps<T> {
  /** The list's data; undefined once settled counts as empty. */
  data: T | undefined;
  isPending: boolean;
  /**
   * When the error takes the list's place (some lists keep showing the rows they had); a list
   * that shows its error outside its frame leaves it out.
   */
  isError?: boolean;
  /** Whether the loaded data has nothing to show. */
  isEmpty?(data: T): boolean;
  loading: ReactNode;
  error?: ReactNode;
  /** A line of text is set in a paragraph styled by emptyClassName; any other node is shown as it is. */
  empty: ReactNode;
  emptyClassName?: string;
  children(data: T): ReactNode;
}

/**
 * What a list shows before and instead of its rows: the placeholder while it loads, the error (with
 * its retry), the empty text, and only then the rows, always in that order.
 */
export function ListStates<T>({
  data,
  isPending,
  isError = false,
  isEmpty,
  loading,
  error,
  empty,
  emptyClassName = emptyListClass.panel,
  children,
}: ListStatesProps<T>) {
  if (isPending) return loading;
  if (isError) return error;
  if (data === undefined || isEmpty?.(data)) {
    return typeof empty === 'string' ? <p className={emptyClassName}>{empty}</p> : empty;
  }
  return children(data);
}

interface LoadingListProps {
  /** Said once to screen readers (role status), e.g. "Loading claims…". */
  label: string;
  className?: string;
  /** Marks the placeholder busy; off where an enclosing region already says so. */
  busy?: boolean;
  children: ReactNode;
}

/** A list's placeholder: the skeleton rows, and words for those who cannot see them. */
export function LoadingList({ label, className, busy = true, children }: LoadingListProps) {
  return (
    <div className={className} aria-busy={busy || undefined}>
      <span role="status" className="sr-only">
        {label}
      </span>
      {children}
    </div>
  );
}

interface RetryAlertProps {
  title: string;
  /** What went wrong, in words; with `block` it gets its own paragraph. */
  message?: ReactNode;
  onRetry(): void;
  /** A paragraph and an outlined button under it (the admin tables) instead of a link in the line. */
  block?: boolean;
  /** An icon before "Try again" in the link form. */
  icon?: LucideIcon;
  className?: string;
}

/** The error that takes a list's place, with a "Try again" that loads it once more. */
export function RetryAlert({ title, message, onRetry, block = false, icon: Icon, className }: RetryAlertProps) {
  const t = useT();
  if (block) {
    return (
      <Alert variant="error" title={title} className={className}>
        <p>{message}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => onRetry()}>
          <RefreshCw aria-hidden /> {t('common.actions.tryAgain')}
        </Button>
      </Alert>
    );
  }
  return (
    <Alert variant="error" title={title} className={className}>
      {message ? <>{message} </> : null}
      <Button variant="link" onClick={() => onRetry()}>
        {Icon ? <Icon aria-hidden /> : null}
        {t('common.actions.tryAgain')}
      </Button>
    </Alert>
  );
}
