import { createContext, useContext, useEffect } from 'react';
import { useBrand } from './brand';

/** While the server renders a page, the screen's title is written here for the HTML's `<title>`. */
export interface RenderedHead {
  title?: string;
}
export const RenderedHeadContext = createContext<RenderedHead | null>(null);

const fullTitle = (title: string, site: string) => (title ? `${title} | ${site}` : site);

/** Sets the document title for the current screen ("About Us | LocalPros", with the operator's site name). */
export function usePageTitle(title: string): void {
  const rendered = useContext(RenderedHeadContext);
  const { name } = useBrand();
  if (rendered) rendered.title = fullTitle(title, name);
  useEffect(() => {
    document.title = fullTitle(title, name);
  }, [title, name]);
}
