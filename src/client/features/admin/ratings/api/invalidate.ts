import type { QueryClient } from '@tanstack/react-query';
import { adminRatingsQueryKey } from './get-admin-ratings';

/**
 * After an admin changes a review: the admin list, the dashboard count, and the company's public
 * reviews and average (the keys of src/client/features/ratings/api/ratings.ts).
 */
export const invalidateAfterRatingChange = (queryClient: QueryClient, companyId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminRatingsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] }),
    queryClient.invalidateQueries({ queryKey: ['ratings', 'company', companyId] }),
    queryClient.invalidateQueries({ queryKey: ['companies', String(companyId)] }),
  ]);
