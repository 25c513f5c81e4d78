import { useEffect, useRef } from 'react';
import { notify } from './notify';
import type { onDemand } from './on-demand';

/**
 * An on-demand module (a dialog's chunk) for as long as `wanted`: fetched the first time it is
 * wanted, null until it is there. When its download fails (offline, a new deployment), the user
 * is told and `onUnavailable` lets the caller drop what asked for it (close the dialog).
 */
export function useDemandedModule<T>(
  demand: ReturnType<typeof onDemand<T>>,
  wanted: boolean,
  onUnavailable: () => void,
): T | null {
  const module = demand.use();
  // The latest callback, without fetching again when the caller passes a new one each render.
  const unavailable = useRef(onUnavailable);
  useEffect(() => {
    unavailable.current = onUnavailable;
  });
  useEffect(() => {
    if (!wanted || module) return;
    demand.load().catch((error: unknown) => {
      console.warn('on-demand module unavailable', error);
      unavailable.current();
      notify.error('Could not open the dialog', 'Please check your connection, or reload the page.');
    });
  }, [demand, wanted, module]);
  return module;
}
