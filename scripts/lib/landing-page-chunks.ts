/**
 * How the code of the pages visitors land on is split into files.
 *
 * Left to itself the bundler puts each module in a chunk shared by exactly the screens that use
 * it. With some sixty screens and dialogs sharing the listing's parts in every combination, the
 * search and category pages came to some thirty script files each, most under a kilobyte. The
 * page is painted by the server, so these only make it interactive; but a phone on a slow link
 * pays a round trip per file, and Lighthouse's simulation counts every file asked for before the
 * first paint (the category page's LCP: 2.6 s with 34 files, 2.25 s with 20).
 *
 * So a module that a landing page loads with it goes into one chunk per set of landing pages
 * that load it ("pages-category-search": what those two need and home and company do not), and
 * the other screens are ignored in that choice: a signed-in screen that uses one such module
 * loads its whole chunk (a few kilobytes more for those screens, which no crawler or first-time
 * visitor meets). What the entry loads stays in the entry; what no landing page loads is split
 * as before.
 */
import path from 'node:path';

/** The pages visitors arrive on from search engines and shared links (the front-end budget's four). */
export const LANDING_PAGES = [
  { page: 'home', source: 'src/client/pages/home-page.tsx' },
  { page: 'search', source: 'src/client/pages/search-page.tsx' },
  { page: 'category', source: 'src/client/pages/category-page.tsx' },
  { page: 'company', source: 'src/client/pages/company-page.tsx' },
] as const;

const ENTRY_SOURCE = 'src/client/main.tsx';

/** What the bundler tells of a module while it chooses chunks. */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

const isIcon = (id: string) => /node_modules[\\/]lucide-react[\\/]/.test(id);

/** How each module is reached: from the entry, and from which landing pages. */
function landingReach(root: string) {
  let reachedBy: Map<string, Set<string>> | undefined;
  let inEntry: Set<string> | undefined;

  /** Every module `from` imports statically, directly or through others (itself included). */
  const staticClosure = (graph: ModuleGraph, from: string): Set<string> => {
    const seen = new Set<string>();
    const pending = [from];
    while (pending.length) {
      const id = pending.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };

  return (graph: ModuleGraph) => {
    if (!reachedBy || !inEntry) {
      inEntry = staticClosure(graph, path.join(root, ENTRY_SOURCE));
      reachedBy = new Map();
      for (const { page, source } of LANDING_PAGES) {
        const pageId = path.join(root, source);
        for (const reached of staticClosure(graph, pageId)) {
          // The page module is its route's own chunk.
          if (reached === pageId) continue;
          if (!reachedBy.has(reached)) reachedBy.set(reached, new Set());
          reachedBy.get(reached)!.add(page);
        }
      }
    }
    return { inEntry, reachedBy };
  };
}

/**
 * Rolldown's code-splitting groups (`output.codeSplitting.groups`), highest priority first: the
 * landing pages' shared code, then one chunk for the icons the other screens share.
 *
 * The icons chunk takes only icons that neither the entry nor a landing page loads: when it also
 * held the header's, every page loaded all of them (some ninety, 7 KB gzip, mostly the admin's)
 * for the twenty it shows. Those stay with the entry or their pages' chunk.
 */
export function landingPageChunks(root: string) {
  const reach = landingReach(root);
  return [
    {
      debugName: 'landing pages',
      name(id: string, graph: ModuleGraph): string | null {
        const { inEntry, reachedBy } = reach(graph);
        const pages = reachedBy.get(id);
        if (!pages || inEntry.has(id)) return null;
        // An icon is a few hundred bytes: one landing page's icons that other screens share too
        // go in one file with it, not one file each.
        if (pages.size < 2 && !isIcon(id)) return null;
        return `pages-${[...pages].sort().join('-')}`;
      },
      priority: 3,
    },
    {
      debugName: 'icons',
      name(id: string, graph: ModuleGraph): string | null {
        if (!isIcon(id)) return null;
        const { inEntry, reachedBy } = reach(graph);
        return inEntry.has(id) || reachedBy.has(id) ? null : 'icons';
      },
      // A group of icons shared by two screens at least, instead of one file per icon.
      minShareCount: 2,
      priority: 2,
    },
  ];
}
