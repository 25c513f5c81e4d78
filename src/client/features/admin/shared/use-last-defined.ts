import { useState } from 'react';

/**
 * The value, or the last non-null one once it is cleared: a closing dialog keeps its words while
 * it fades out instead of flashing empty.
 */
export function useLastDefined<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
