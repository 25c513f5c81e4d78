/**
 * Companies picked for one quote (000 §4 Quote selection): one category per quote; picking a
 * company of another category raises 'Category restriction' instead of selecting it.
 */
import { useCallback, useMemo, useState } from 'react';
import { notify } from '@/client/lib/notify';
import type { Company } from '@/shared/schemas/company';

export function useQuoteSelection() {
  const [selected, setSelected] = useState<Company[]>([]);

  const toggle = useCallback((company: Company) => {
    setSelected((current) => {
      if (current.some((c) => c.id === company.id)) return current.filter((c) => c.id !== company.id);
      if (current.length > 0 && current[0].categoryId !== company.categoryId) {
        notify.error('Category restriction', `A quote goes to companies of one category: ${current[0].categoryName}.`);
        return current;
      }
      return [...current, company];
    });
  }, []);

  const ids = useMemo(() => new Set(selected.map((c) => c.id)), [selected]);
  return {
    selected,
    count: selected.length,
    categoryName: selected[0]?.categoryName ?? null,
    isSelected: (id: number) => ids.has(id),
    toggle,
    clear: () => setSelected([]),
  };
}
