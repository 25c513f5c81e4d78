import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Language } from '@/shared/i18n/languages';
import type { TextEntry } from '@/shared/schemas/texts';
import { textsQueryKey } from './get-texts';

const textUrl = (language: Language, key: string) => `/api/admin/texts/${language}/${encodeURIComponent(key)}`;

/** PUT /api/admin/texts/{language}/{key} {message} → the entry; DELETE puts the shipped message back. */
export function useChangeText() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: textsQueryKey });
  const save = useMutation({
    mutationFn: ({ language, key, message }: { language: Language; key: string; message: string }) =>
      api<TextEntry>(textUrl(language, key), { method: 'PUT', body: { message } }),
    onSuccess: refresh,
  });
  const revert = useMutation({
    mutationFn: ({ language, key }: { language: Language; key: string }) =>
      api<TextEntry>(textUrl(language, key), { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { save, revert };
}
