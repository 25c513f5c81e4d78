/**
 * Favourites: a list of ids in local storage, toggled on and off. For a signed-in user they are
 * also kept on the server — merged at login — so they follow the user across devices and count
 * towards "Most Favorited".
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useCurrentUser } from '@/client/lib/current-user';
import { local, STORAGE_KEYS } from '@/client/lib/storage';
import { addFavorite, favoritesQueryKey, getFavorites, mergeFavorites, removeFavorite } from '../api/favorites';

const listeners = new Set<() => void>();
let snapshot: number[] | null = null;

function readLocal(): number[] {
  if (snapshot === null) {
    const value = local.get<unknown>(STORAGE_KEYS.favorites, []);
    snapshot = Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v) && v > 0) : [];
  }
  return snapshot;
}

function writeLocal(ids: number[]): void {
  snapshot = [...new Set(ids)];
  local.set(STORAGE_KEYS.favorites, snapshot);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.favorites) {
      snapshot = null;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const mergedForUser = new Set<number>();
/** The server knows no visitor's favourites. */
const NONE: number[] = [];

export function useFavorites() {
  const localIds = useSyncExternalStore(subscribe, readLocal, () => NONE);
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const serverIds = useQuery({ queryKey: favoritesQueryKey, queryFn: getFavorites, enabled: !!user });

  // Once per sign-in: add what was starred while signed out, then mirror the account's list.
  useEffect(() => {
    if (!user || !serverIds.data || mergedForUser.has(user.id)) return;
    mergedForUser.add(user.id);
    const missing = readLocal().filter((id) => !serverIds.data.includes(id));
    const sync = missing.length ? mergeFavorites(missing) : Promise.resolve(serverIds.data);
    sync.then(
      (merged) => {
        queryClient.setQueryData(favoritesQueryKey, merged);
        writeLocal(merged);
      },
      (error: unknown) => console.warn('could not merge favourites', error),
    );
  }, [user, serverIds.data, queryClient]);

  const ids = useMemo(() => new Set(user && serverIds.data ? serverIds.data : localIds), [user, serverIds.data, localIds]);

  const toggle = useCallback(
    async (companyId: number) => {
      const wasFavorite = ids.has(companyId);
      const next = wasFavorite ? [...ids].filter((id) => id !== companyId) : [...ids, companyId];
      writeLocal(next);
      if (!user) return;
      queryClient.setQueryData(favoritesQueryKey, next);
      try {
        const saved = await (wasFavorite ? removeFavorite(companyId) : addFavorite(companyId));
        queryClient.setQueryData(favoritesQueryKey, saved);
      } catch (error) {
        console.warn('could not save favourite', error);
        void queryClient.invalidateQueries({ queryKey: favoritesQueryKey });
      }
    },
    [ids, user, queryClient],
  );

  return { ids, isFavorite: (companyId: number) => ids.has(companyId), toggle };
}
