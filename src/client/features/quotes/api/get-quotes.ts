import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import { QUOTE_PAGE_SIZE } from '@/shared/constants';
import type { QuoteList } from '@/shared/schemas/quote';

/** The customer list's filter (/myquotes): submitted quotes count as In Progress. */
export const QUOTE_LIST_FILTERS = ['draft', 'in_progress', 'completed'] as const;
export type QuoteListFilter = (typeof QUOTE_LIST_FILTERS)[number];

export interface QuoteListParams {
  page: number;
  status?: QuoteListFilter;
}

/** GET /api/quotes?page=&pageSize=10&status= → {data, total, totalPages, counts}. */
export const getQuotes = ({ page, status }: QuoteListParams) =>
  api<QuoteList>('/api/quotes', { params: { page, pageSize: QUOTE_PAGE_SIZE, status } });

/** Under ['quotes'], which live frames (new_message, message_read…) invalidate. */
export const getQuotesQueryOptions = (params: QuoteListParams) =>
  queryOptions({
    queryKey: [...quotesQueryKey, 'list', { page: params.page, status: params.status ?? 'all' }],
    queryFn: () => getQuotes(params),
  });

/** The page shown stays on screen while the next page or filter loads. */
export const useQuotes = (params: QuoteListParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getQuotesQueryOptions(params), enabled, placeholderData: keepPreviousData });
