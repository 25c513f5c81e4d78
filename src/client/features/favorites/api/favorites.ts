import { api } from '@/client/lib/api';

export const favoritesQueryKey = ['favorites'] as const;
export const getFavorites = () => api<number[]>('/api/favorites');
export const addFavorite = (companyId: number) => api<number[]>(`/api/favorites/${companyId}`, { method: 'PUT' });
export const removeFavorite = (companyId: number) => api<number[]>(`/api/favorites/${companyId}`, { method: 'DELETE' });
/** Adds a visitor's local favourites to the account at login; answers the merged list. */
export const mergeFavorites = (companyIds: number[]) =>
  api<number[]>('/api/favorites/merge', { method: 'POST', body: { companyIds } });
