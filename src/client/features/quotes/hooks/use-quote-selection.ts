/**
 * Companies picked for one quote: one category per quote; picking a company of another category
 * raises 'Category restriction' instead of selecting it. The platform caps the companies of one
 * request (GET /api/quote-rules), so that a pro does not compete with too many others for one
 * lead: the selection stops there with a message (the server refuses more in any case).
 */
import { useCallback, useMemo, useState } from 'react';
import { useT, useTranslateText } from '@/client/lib/i18n';
import { notify } from '@/client/lib/notify';
import { DEFAULT_MAX_COMPANIES_PER_QUOTE } from '@/shared/constants';
import type { Company } from '@/shared/schemas/company';
import { tooManyCompaniesMessage } from '@/shared/listing-words';
import { useQuoteRules } from '@/client/entities/quotes/get-quote-rules';

export function useQuoteSelection() {
  const t = useT();
  const translateText = useTranslateText();
  const [selected, setSelected] = useState<Company[]>([]);
  // Until the rules arrive, the default cap; 0 means no cap.
  const max = useQuoteRules().data?.maxCompaniesPerQuote ?? DEFAULT_MAX_COMPANIES_PER_QUOTE;

  const toggle = useCallback(
    (company: Company) => {
      setSelected((current) => {
        if (current.some((c) => c.id === company.id)) return current.filter((c) => c.id !== company.id);
        if (current.length > 0 && current[0].categoryId !== company.categoryId) {
          notify.error(
            t('quotes.selection.categoryTitle'),
            t('quotes.selection.categoryDetail', { category: current[0].categoryName }),
          );
          return current;
        }
        if (max > 0 && current.length >= max) {
          notify.error(
            t('quotes.selection.limitTitle'),
            t('quotes.selection.limitDetail', { limit: translateText(tooManyCompaniesMessage(max)) }),
          );
          return current;
        }
        return [...current, company];
      });
    },
    [max, t, translateText],
  );

  const ids = useMemo(() => new Set(selected.map((c) => c.id)), [selected]);
  return {
    selected,
    count: selected.length,
    /** The most companies one request may go to; 0 is no cap. */
    max,
    categoryName: selected[0]?.categoryName ?? null,
    isSelected: (id: number) => ids.has(id),
    toggle,
    clear: () => setSelected([]),
  };
}
