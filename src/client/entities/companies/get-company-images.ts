import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/client/lib/api';
import type { CompanyImage } from '@/shared/schemas/business';

/**
 * Under the company's own key, so changing a photo also refreshes the company (its first image)
 * and the public carousel, which reads the same key.
 */
export const companyImagesQueryKey = (companyId: number) => ['companies', String(companyId), 'images'] as const;
export const companyQueryKey = (companyId: number) => ['companies', String(companyId)] as const;

export const byDisplayOrder = (images: CompanyImage[]) =>
  [...images].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id);

/** GET /api/companies/{id}/images, in display order. */
export const getCompanyImages = async (companyId: number) =>
  byDisplayOrder(await api<CompanyImage[]>(`/api/companies/${companyId}/images`));

export const getCompanyImagesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: companyImagesQueryKey(companyId), queryFn: () => getCompanyImages(companyId) });

export const useCompanyImages = (companyId: number) => useQuery(getCompanyImagesQueryOptions(companyId));
