import { INPUT_HISTORY_LIMIT } from '@/shared/constants';
import { local } from './storage';

/** The last entries typed into an input (most recent first, de-duplicated, at most 5). */
export function readInputHistory(key: string): string[] {
  const value = local.get<unknown>(key, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, INPUT_HISTORY_LIMIT) : [];
}

export function rememberInput(key: string, entry: string): void {
  const trimmed = entry.trim();
  if (!trimmed) return;
  const next = [trimmed, ...readInputHistory(key).filter((e) => e.toLowerCase() !== trimmed.toLowerCase())];
  local.set(key, next.slice(0, INPUT_HISTORY_LIMIT));
}
