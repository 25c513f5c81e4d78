import { api } from '@/client/lib/api';
import { session, STORAGE_KEYS } from '@/client/lib/storage';

/** POST /api/companies/{id}/views: one page view for the owner's lead log. */
export const postCompanyView = (companyId: number) => api<unknown>(`/api/companies/${companyId}/views`, { method: 'POST' });

/**
 * Counts a view once per company per browser session (sessionStorage), fire-and-forget: a lost
 * beacon only makes the owner's count one lower, so failures are never shown to the visitor.
 */
export function recordCompanyView(companyId: number): void {
  const seen = session.get<number[]>(STORAGE_KEYS.viewedCompanies, []);
  if (!Array.isArray(seen) || seen.includes(companyId)) return;
  // Marked before sending, so a second render (StrictMode, quick back-and-forth) sends nothing.
  session.set(STORAGE_KEYS.viewedCompanies, [...seen.slice(-199), companyId]);
  postCompanyView(companyId).catch((error: unknown) => console.warn('page view not recorded', error));
}
