import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { QuoteRules } from '@/shared/schemas/quote';

/** GET /api/quote-rules → {maxCompaniesPerQuote} (0 = no cap). Public. */
export const getQuoteRules = () => api<QuoteRules>('/api/quote-rules');

export const getQuoteRulesQueryOptions = () => queryOptions({ queryKey: ['quote-rules'], queryFn: getQuoteRules });

export const useQuoteRules = () => useQuery(getQuoteRulesQueryOptions());
