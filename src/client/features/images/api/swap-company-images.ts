import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyImage } from '@/shared/schemas/business';
import { byDisplayOrder, companyImagesQueryKey, companyQueryKey } from '@/client/entities/companies/get-company-images';
import type { MessageKey } from '@/client/lib/i18n';
import { updateCompanyImage } from './update-company-image';

/** A reorder refused before any call (no such photo, or none to swap with): its message is shown in the page's words. */
export class ReorderError extends Error {
  override name = 'ReorderError';
  constructor(readonly messageKey: MessageKey) {
    super(messageKey);
  }
}

export type MoveDirection = 'up' | 'down';

export interface SwapCompanyImagesInput {
  imageId: number;
  direction: MoveDirection;
}

/**
 * Reordering swaps displayOrder with the neighbour through two PATCH calls. The list shows the new
 * order at once and is refetched afterwards, which also undoes a half-done swap.
 */
export function useSwapCompanyImages(companyId: number) {
  const queryClient = useQueryClient();
  const key = companyImagesQueryKey(companyId);
  return useMutation({
    mutationFn: async ({ imageId, direction }: SwapCompanyImagesInput) => {
      const images = byDisplayOrder(queryClient.getQueryData<CompanyImage[]>(key) ?? []);
      const index = images.findIndex((image) => image.id === imageId);
      if (index < 0) throw new ReorderError('images.manager.photoNotFound');
      const neighbour = images[direction === 'up' ? index - 1 : index + 1];
      if (!neighbour) throw new ReorderError('images.manager.noNeighbour');
      const image = images[index];
      // Equal orders would swap to no change; positions keep the pair distinct.
      let [orderA, orderB] = [image.displayOrder, neighbour.displayOrder];
      if (orderA === orderB) [orderA, orderB] = direction === 'up' ? [index, index - 1] : [index, index + 1];

      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<CompanyImage[]>(key, (current) =>
        current
          ? byDisplayOrder(
              current.map((item) =>
                item.id === image.id
                  ? { ...item, displayOrder: orderB }
                  : item.id === neighbour.id
                    ? { ...item, displayOrder: orderA }
                    : item,
              ),
            )
          : current,
      );
      await updateCompanyImage({ companyId, imageId: image.id, displayOrder: orderB });
      await updateCompanyImage({ companyId, imageId: neighbour.id, displayOrder: orderA });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: companyQueryKey(companyId) }),
  });
}
