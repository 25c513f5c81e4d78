import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * True while React hydrates a page the server rendered (and on the server itself): a component
 * shows there what the server showed, and whatever only the browser knows (the visitor's session,
 * their device) right after. False in every render that does not hydrate.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
}
