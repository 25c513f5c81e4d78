import { createContext, useContext, useEffect } from 'react';
import { PRODUCT_NAME } from '@/shared/constants';

/** While the server renders a page, the screen's title is written here for the HTML's `<title>`. */
export interface RenderedHead {
  title?: string;
}
export const RenderedHeadContext = createContext<RenderedHead | null>(null);

const fullTitle = (title: string) => (title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME);

/** Sets the document title for the current screen ("About Us | LocalPros"). */
export function usePageTitle(title: string): void {
  const rendered = useContext(RenderedHeadContext);
  if (rendered) rendered.title = fullTitle(title);
  useEffect(() => {
    document.title = fullTitle(title);
  }, [title]);
}
