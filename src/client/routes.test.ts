import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_PATHS, isAppPath } from '@/shared/app-routes';
import { appRoutes, matchAppRoutes, redirectOf, type AppRoute } from './routes';

/** Every concrete path the router declares (optional segments expanded, the catch-all left out). */
function declaredPaths(objects: AppRoute[], prefix = ''): string[] {
  return objects.flatMap((route) => {
    const own = route.index ? prefix || '/' : route.path ? joinPath(prefix, route.path) : prefix;
    const here = route.index || route.path ? expandOptional(own) : [];
    return [...here, ...declaredPaths(route.children ?? [], own)];
  });
}
const joinPath = (prefix: string, path: string) => (path.startsWith('/') ? path : `${prefix.replace(/\/$/, '')}/${path}`);
const expandOptional = (path: string) =>
  path.includes('?') ? [path.replace(/\/[^/]+\?$/, '') || '/', path.replace('?', '')] : [path];

describe('the route table shared with the server', () => {
  it('names exactly the screens the router declares', () => {
    const declared = [...new Set(declaredPaths(appRoutes).filter((path) => !path.endsWith('*')))].sort();
    expect(declared).toEqual([...APP_PATHS].sort());
  });

  it('matches screens with their parameters and nothing else', () => {
    for (const path of ['/', '/search', '/search/', '/companies/12', '/quotes/5/edit', '/admin/users', '/vendor-quotes/3']) {
      expect(isAppPath(path), path).toBe(true);
    }
    for (const path of ['/no/such/page', '/companies', '/companies/1/2', '/quotes/5', '/admin/nope', '/wp-login.php']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it('names, for each screen the server renders, the source file its route loads', async () => {
    const rendered = allRoutes(appRoutes).filter((route) => route.serverRendered);
    expect(rendered.length).toBeGreaterThanOrEqual(10);
    for (const route of rendered) {
      const { module } = route.serverRendered!;
      expect(existsSync(module), module).toBe(true);
      // The server preloads this file's chunk for the page: it must be the one the route loads.
      const loaded = await route.screen!.load();
      const source = (await import(/* @vite-ignore */ path.resolve(module))) as { default: unknown };
      expect(loaded, module).toBe(source.default);
    }
  });

  it('matches a path to its routes, outermost first, with their parameters', () => {
    const matched = matchAppRoutes('/companies/12');
    expect(matched?.map(({ route }) => route.path)).toEqual(['/', 'companies/:id']);
    expect(matched?.at(-1)?.params).toMatchObject({ id: '12' });
    expect(matchAppRoutes('/no/such/page')?.at(-1)?.route.path).toBe('*');
  });

  it('sends an address without its screen on, and a page number that names no page to the first page', () => {
    const redirectAt = (address: string) => {
      const url = new URL(address, 'http://app.invalid');
      const leaf = matchAppRoutes(url.pathname)!.at(-1)!;
      return redirectOf(leaf.route, leaf.params, url);
    };
    expect(redirectAt('/vendor-quotes/3?tab=offers')).toBe('/vendorquotes/3?tab=offers');
    expect(redirectAt('/vendor-quotes')).toBe('/vendorquotes');
    expect(redirectAt('/search?q=plumbing&page=0')).toBe('/search?q=plumbing');
    expect(redirectAt('/categories/plumbing?page=x')).toBe('/categories/plumbing');
    expect(redirectAt('/search?q=plumbing&page=2')).toBeNull();
    expect(redirectAt('/companies/1?page=0')).toBeNull();
  });
});

const allRoutes = (objects: AppRoute[]): AppRoute[] => objects.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
