import { api } from '@/client/lib/api';

export const checkEmail = (email: string, signal?: AbortSignal) =>
  api<{ exists: boolean }>(`/api/check-email/${encodeURIComponent(email)}`, { signal });
