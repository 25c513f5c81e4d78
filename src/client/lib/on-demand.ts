import { useSyncExternalStore } from 'react';
import { catalogueLoaded } from './i18n';

/**
 * A module fetched on demand, for parts of the layout that no page needs before interaction
 * (account dialogs, the toaster). Unlike React.lazy it never suspends and never throws into the
 * page: until the module is there, or when its download failed (offline, a new deployment),
 * `use()` answers null and the caller shows nothing; the next `load()` tries again.
 */
export function onDemand<T>(importer: () => Promise<T>) {
  let loaded: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();

  const load = (): Promise<T> => {
    // What it shows is written in the catalogue's words: it waits for the catalogue too.
    pending ??= Promise.all([importer(), catalogueLoaded()])
      .then(([module]) => module)
      .then(
        (module) => {
          loaded = module;
          listeners.forEach((listener) => listener());
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
    return pending;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  return {
    load,
    /** Starts the download ahead of a likely use (hover, focus); failures are left to `load`. */
    preload: () => void load().catch(() => undefined),
    /** The module once loaded, else null; re-renders when it arrives. */
    use: () =>
      useSyncExternalStore(
        subscribe,
        () => loaded,
        () => null,
      ),
  };
}
