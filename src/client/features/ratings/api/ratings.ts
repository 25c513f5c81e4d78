import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quotesQueryKey } from '@/client/entities/live-refresh';
import { api } from '@/client/lib/api';
import type { Rating, RatingBody } from '@/shared/schemas/rating';

export const ratingsQueryKey = (companyId: number) => ['ratings', 'company', companyId] as const;

export const getCompanyRatings = (companyId: number) => api<Rating[]>(`/api/ratings/company/${companyId}`);
export const getCompanyRatingsQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ratingsQueryKey(companyId), queryFn: () => getCompanyRatings(companyId) });
export const useCompanyRatings = (companyId: number) => useQuery(getCompanyRatingsQueryOptions(companyId));

export const getCanRate = (companyId: number) => api<{ canRate: boolean }>(`/api/companies/${companyId}/can-rate`);
export const useCanRate = (companyId: number, enabled: boolean) =>
  useQuery({ queryKey: ['ratings', 'can-rate', companyId], queryFn: () => getCanRate(companyId), enabled });

/**
 * Invalidates the company (average and count) and its reviews after any change, and the quotes,
 * whose page invites a review of a hired company until there is one.
 */
function useRatingMutation<TVariables>(companyId: number, mutationFn: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ratingsQueryKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: ['companies', String(companyId)] }),
        queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
      ]),
  });
}

export const useCreateRating = (companyId: number) =>
  useRatingMutation(companyId, (body: RatingBody) =>
    api<Rating>(`/api/companies/${companyId}/ratings`, { method: 'POST', body: { ...body, companyId } }),
  );
export const useUpdateRating = (companyId: number) =>
  useRatingMutation(companyId, ({ id, ...body }: RatingBody & { id: number }) =>
    api<Rating>(`/api/ratings/${id}`, { method: 'PUT', body: { ...body, companyId } }),
  );
export const useDeleteRating = (companyId: number) =>
  useRatingMutation(companyId, (id: number) => api<void>(`/api/ratings/${id}`, { method: 'DELETE' }));
export const useSaveOwnerReply = (companyId: number) =>
  useRatingMutation(companyId, ({ id, reply }: { id: number; reply: string }) =>
    api<Rating>(`/api/ratings/${id}/reply`, { method: 'PUT', body: { reply } }),
  );
export const useDeleteOwnerReply = (companyId: number) =>
  useRatingMutation(companyId, (id: number) => api<Rating>(`/api/ratings/${id}/reply`, { method: 'DELETE' }));
