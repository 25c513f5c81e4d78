/**
 * Which add/edit business dialog is open. Any screen (the header's Add Business item, the home
 * page, the profile's company rows) opens it through `useBusinessDialog()`; the companies feature
 * renders the one dialog in the layout.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Company } from '@/shared/schemas/company';

/** Shown beside every Add Business button, disabled until the address is verified (the server refuses a business before that). */
export const VERIFY_TO_ADD_BUSINESS = 'Please verify your email address to add a business.';

export type BusinessDialogTarget = { mode: 'create' } | { mode: 'edit'; company: Company };

interface BusinessDialogState {
  target: BusinessDialogTarget | null;
  /** Counts openings, so each one starts from a fresh form. */
  openCount: number;
  openAddBusiness(): void;
  openEditBusiness(company: Company): void;
  closeBusinessDialog(): void;
}

const BusinessDialogContext = createContext<BusinessDialogState | null>(null);

export function BusinessDialogProvider({ children }: { children: ReactNode }) {
  const [target, setTarget] = useState<BusinessDialogTarget | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const open = useCallback((next: BusinessDialogTarget) => {
    setOpenCount((count) => count + 1);
    setTarget(next);
  }, []);
  const openAddBusiness = useCallback(() => open({ mode: 'create' }), [open]);
  const openEditBusiness = useCallback((company: Company) => open({ mode: 'edit', company }), [open]);
  const closeBusinessDialog = useCallback(() => setTarget(null), []);
  const value = useMemo(
    () => ({ target, openCount, openAddBusiness, openEditBusiness, closeBusinessDialog }),
    [target, openCount, openAddBusiness, openEditBusiness, closeBusinessDialog],
  );
  return <BusinessDialogContext.Provider value={value}>{children}</BusinessDialogContext.Provider>;
}

export function useBusinessDialog(): BusinessDialogState {
  const state = useContext(BusinessDialogContext);
  if (!state) throw new Error('useBusinessDialog needs a BusinessDialogProvider');
  return state;
}
