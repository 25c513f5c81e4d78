import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/shared/constants';

/** Sets the document title for the current screen ("About Us | LocalPros"). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
