import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PATHS, isAppPath } from '@/shared/app-routes';
import { routes, type RouteHandle } from './routes';

/** Every concrete path the router declares (optional segments expanded, the catch-all left out). */
function declaredPaths(objects: RouteObject[], prefix = ''): string[] {
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
    const declared = [...new Set(declaredPaths(routes).filter((path) => !path.endsWith('*')))].sort();
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
    const rendered = allRoutes(routes).filter((route) => (route.handle as RouteHandle | undefined)?.serverRendered);
    expect(rendered.length).toBeGreaterThanOrEqual(10);
    for (const route of rendered) {
      const { module } = (route.handle as Required<RouteHandle>).serverRendered;
      expect(existsSync(module), module).toBe(true);
      // The server preloads this file's chunk for the page: it must be the one the route loads.
      const loaded = await (route.lazy as () => Promise<RouteObject>)();
      const source = (await import(/* @vite-ignore */ path.resolve(module))) as { default: unknown };
      expect(loaded.Component, module).toBe(source.default);
    }
  });
});

const allRoutes = (objects: RouteObject[]): RouteObject[] =>
  objects.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
