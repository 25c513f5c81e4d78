import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/** Changes the query of the address it is handed (the pending one: see `useAddressQuery`). */
export type AddressQueryEdit = (next: URLSearchParams) => void;

/**
 * The address's query, for a screen whose state lives in it, and a way to change it.
 *
 * The address catches up with a change only once the router has navigated — on a public page,
 * after the next page's data has arrived. A second change made in between (a sort, then "open
 * now" before the results came) must build on the first, not on the address as last rendered,
 * which would drop the first; react-router's own functional update reads the rendered one too.
 * So each change edits the pending query when there is one, and the pending query is forgotten
 * once the address has caught up.
 */
export function useAddressQuery(): [URLSearchParams, (edit: AddressQueryEdit, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const change = useCallback(
    (edit: AddressQueryEdit, options?: NavigateOptions) => {
      const next = new URLSearchParams(pending.current ?? params);
      edit(next);
      pending.current = next;
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, change];
}

/**
 * Writes `changes` into a query: a value is set, `null` or an empty text removes the key, and a
 * key left `undefined` is not touched.
 */
export function setQueryValues(params: URLSearchParams, changes: Record<string, string | null | undefined>): void {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null || value === '') params.delete(key);
    else params.set(key, value);
  }
}

/** A page number as the address writes it: the first page is no `page` at all. */
export const pageValue = (page: number | undefined): string | null | undefined =>
  page === undefined ? undefined : page > 1 ? String(page) : null;
