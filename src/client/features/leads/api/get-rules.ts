import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Rules } from '@/shared/schemas/rules';

/** GET /api/rules → the figures of "How coins and ranking work". Public. */
export const getRules = () => api<Rules>('/api/rules');

export const getRulesQueryOptions = () => queryOptions({ queryKey: ['rules'], queryFn: getRules });

export const useRules = () => useQuery(getRulesQueryOptions());
