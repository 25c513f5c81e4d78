import { useState } from 'react';
import { useLastDefined } from './use-last-defined';

interface DeleteConfirmationOptions<T> {
  remove: (row: T) => Promise<unknown>;
  /** Rows on the page shown now, and the page: deleting the only row of a later page steps back. */
  rowsOnPage: number;
  page: number;
  setPage: (page: number) => void;
  onDeleted: (row: T) => void;
  onFailed: (error: unknown) => void;
}

/**
 * The delete flow the admin lists share: the row awaiting confirmation (kept in the dialog's words
 * while it fades out), the call, the toast, and a step back a page when the last row of a later
 * page went. The dialog stays open when the call fails, so the admin can try again.
 */
export function useDeleteConfirmation<T>(options: DeleteConfirmationOptions<T>) {
  const [pending, setPending] = useState<T | null>(null);
  const shown = useLastDefined(pending);

  const confirm = async () => {
    if (!pending) return;
    try {
      await options.remove(pending);
      options.onDeleted(pending);
      setPending(null);
      if (options.rowsOnPage === 1 && options.page > 1) options.setPage(options.page - 1);
    } catch (error) {
      options.onFailed(error);
    }
  };

  return {
    /** Opens the confirmation for `row`. */
    ask: (row: T) => setPending(row),
    close: () => setPending(null),
    isOpen: pending !== null,
    /** The row the dialog speaks of. */
    shown,
    confirm: () => void confirm(),
  };
}
