import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Rules } from '@/shared/schemas/rules';

/**
 * GET /api/rules, whose `retentionRules` are the published schedule of how long personal data is
 * kept (with the deployment's configured figures). The same query as the rules page's: one fetch
 * serves both.
 */
export const getRetentionRulesQueryOptions = () => queryOptions({ queryKey: ['rules'], queryFn: () => api<Rules>('/api/rules') });

export const useRetentionRules = () => useQuery({ ...getRetentionRulesQueryOptions(), select: (rules) => rules.retentionRules });
