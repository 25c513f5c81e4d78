import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { Language } from '@/shared/i18n/languages';
import type { TextsAnswer } from '@/shared/schemas/texts';

export type TextsParams = { language: Language; q: string; overridden: boolean; page: number };

/** GET /api/admin/texts?language&q&overridden&page → {texts, total, page, pageSize}, by key. */
export const getTexts = ({ language, q, overridden, page }: TextsParams) =>
  api<TextsAnswer>('/api/admin/texts', { params: { language, q: q || undefined, overridden: overridden || undefined, page } });

export const textsQueryKey = ['admin', 'texts'] as const;

export const useTexts = (params: TextsParams) =>
  useQuery({
    ...queryOptions({ queryKey: [...textsQueryKey, params], queryFn: () => getTexts(params) }),
    placeholderData: keepPreviousData,
  });
