import { api } from '@/client/lib/api';

/** PATCH /api/companies/{id}/logo: points the company at an uploaded object. */
export const setCompanyLogo = ({ id, logoObjectId }: { id: number; logoObjectId: string | null }) =>
  api<{ success: true }>(`/api/companies/${id}/logo`, { method: 'PATCH', body: { logoObjectId } });
