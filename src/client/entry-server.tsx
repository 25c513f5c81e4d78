/**
 * The public screens rendered on the server: the same route table, data and components the
 * browser runs, with react-router's StaticRouter and React's stream renderer. The routes' data
 * fills a query cache made for this request only; the cache is handed to the browser beside the HTML,
 * so hydration finds every on-screen query already answered and asks the API nothing for it.
 *
 * A page is rendered for an anonymous visitor: the session never reaches the render, so no HTML
 * holds anything of one visitor's (their name, favourites or unread counts are fetched by the
 * browser after hydration).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { dehydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { LRUCache } from 'lru-cache';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { CompiledMessages } from '@/shared/i18n/catalogue';
import type { Language } from '@/shared/i18n/languages';
import { jsonForScript } from '@/shared/json-for-script';
import { setApiTransport, type ApiAnswer } from './lib/api';
import { setFormatLanguageSource } from './lib/format';
import { createI18n, I18nProvider } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { RenderedHeadContext, type RenderedHead } from './lib/use-page-title';
import { AppRoutes, matchAppRoutes, redirectOf } from './routes';

/** What the browser needs to take over the rendered page (main.tsx reads it). */
export interface ServerRenderedState {
  queries: DehydratedState;
  /** The catalogue messages the page shows, so it hydrates before the whole catalogue arrives. */
  messages: CompiledMessages;
}

export type ServerRender =
  /** A route sent the visitor elsewhere (`?page=0` to the first page). */
  | { kind: 'redirect'; status: number; location: string }
  /** A screen the browser paints by itself (signed-in screens), or one whose data failed to load. */
  | { kind: 'browser' }
  | {
      kind: 'page';
      /** The rendered #root content. */
      body: string;
      /** `ServerRenderedState` as JSON for a script element (escaped: no text in it can close the element). */
      state: string;
      /**
       * Names the address, the day and every API answer the page was rendered from: two renders
       * with the same key are the same page, byte for byte.
       */
      key: string;
      /**
       * Whether the same key may answer another request: not when React wrote an inline script,
       * which carries this answer's nonce (none of these pages has one).
       */
      reusable: boolean;
      /** The screen's own title, for pages whose head the server does not write otherwise. */
      title: string | undefined;
      /** The screens' source files (the build's manifest names their chunks, to preload them). */
      modules: string[];
    };

/** How a render's API calls are answered, in the render's language. */
export type ApiTransport = (url: string, init: RequestInit, language: Language) => Promise<ApiAnswer>;

/**
 * What belongs to the render a piece of code runs in: the query functions call `api()`, which
 * asks the transport of that render (each server — a process may hold several, in tests — answers
 * its own pages' calls in-process), and the routes' data fills that render's query cache.
 */
interface RenderScope {
  transport: ApiTransport;
  language: Language;
  queryClient: QueryClient;
  /** Every API answer of the render as it came (address, status and text): what the page is made of. */
  answers: string[];
}
const renderScope = new AsyncLocalStorage<RenderScope>();
// Dates and numbers come in the language of the page being rendered (several render at once).
setFormatLanguageSource(() => renderScope.getStore()?.language);
const currentScope = (what: string): RenderScope => {
  const scope = renderScope.getStore();
  if (!scope) throw new Error(`${what} was called outside a server render`);
  return scope;
};
setApiTransport(async (url, init) => {
  const scope = currentScope(`api(${url})`);
  const answer = await scope.transport(url, init, scope.language);
  const text = await answer.text();
  scope.answers.push(`${url}\0${answer.status}\0${text}`);
  return {
    ok: answer.ok,
    status: answer.status,
    statusText: answer.statusText,
    text: () => Promise.resolve(text),
    parsed: answer.ok ? parsedOnce(text) : undefined,
  };
});

/**
 * Answers parsed lately, by their text (8 MB of text at most): most renders read answers that
 * have not changed since the last one (the categories, the deployment's settings), and parsing
 * them again was a twentieth of a page's time. The values are frozen, since every render that
 * reads the same text shares them: a screen changing one in place fails its render (the browser
 * then paints the page) instead of changing another visitor's page.
 */
const parsedAnswers = new LRUCache<string, { value: unknown }>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (_parsed, text) => text.length * 2 + 64,
});

function parsedOnce(text: string): unknown {
  if (!text) return undefined;
  let known = parsedAnswers.get(text);
  if (!known) {
    let value: unknown;
    try {
      value = deepFreeze(JSON.parse(text));
    } catch {
      return undefined;
    }
    known = { value };
    parsedAnswers.set(text, known);
  }
  return known.value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * The routes a path shows, matched once per path (2,000 paths at most): the router flattens and
 * ranks the whole route table on every match, which took most of a kept page's time.
 */
const routeMatches = new LRUCache<string, { matches: readonly RouteMatch[] }>({ max: 2000 });
type RouteMatch = Readonly<NonNullable<ReturnType<typeof matchAppRoutes>>[number]>;
function routeMatchesOf(pathname: string): readonly RouteMatch[] {
  let known = routeMatches.get(pathname);
  if (!known) {
    const matches = (matchAppRoutes(pathname) ?? []).map(({ route, params }) =>
      Object.freeze({ route, params: Object.freeze(params) }),
    );
    known = { matches: Object.freeze(matches) };
    routeMatches.set(pathname, known);
  }
  return known.matches;
}

/** The screen's source file for a path the server renders, or null. */
function screenModuleOf(pathname: string): string | null {
  return routeMatchesOf(pathname).at(-1)?.route.serverRendered?.module ?? null;
}

export interface RenderOptions {
  /** How the render's API calls are answered. */
  fetch: ApiTransport;
  /** Allows React's inline scripts, if it writes any, under the page's Content-Security-Policy. */
  nonce?: string;
  /** Ends the render when the visitor goes away. */
  signal?: AbortSignal;
  /** The language the page is written in, and its catalogue (compiled). */
  language: Language;
  messages: CompiledMessages;
}

export function renderPage(url: URL, options: RenderOptions): Promise<ServerRender> {
  const module = screenModuleOf(url.pathname);
  if (!module) return Promise.resolve({ kind: 'browser' });
  const queryClient = createQueryClient();
  const scope: RenderScope = { transport: options.fetch, language: options.language, queryClient, answers: [] };
  return renderScope.run(scope, () => render(url, module, scope, options));
}

async function render(
  url: URL,
  module: string,
  { queryClient, answers }: RenderScope,
  options: RenderOptions,
): Promise<ServerRender> {
  const matches = routeMatchesOf(url.pathname);
  for (const { route, params } of matches) {
    const location = redirectOf(route, params, url);
    if (location) return { kind: 'redirect', status: 301, location };
  }
  const loads: Promise<unknown>[] = [];
  for (const { route, params } of matches) {
    if (route.data) loads.push(route.data(queryClient, { params, url }));
    if (route.screen) loads.push(route.screen.load());
  }
  try {
    await Promise.all(loads);
  } catch {
    // A failed load (a company that is not there, an API error) is left to the browser's screen,
    // which shows it the way it always has; the server answers the status.
    return { kind: 'browser' };
  }
  options.signal?.throwIfAborted();

  const modules = [module];
  // The same address showing the same data renders the same page: React runs once for it, and
  // the query cache is written out once.
  const key = renderedKey(url, answers, options.language, catalogueVersion(options.messages));
  const known = renderedScreens.get(key);
  if (known) return { kind: 'page', body: known.html, state: known.state, key, reusable: true, title: known.title, modules };

  // The messages the render reads are noted, and handed to the browser with the page.
  const used: CompiledMessages = {};
  const catalogue = options.messages;
  const noting = new Proxy(catalogue, {
    get: (target, key) => {
      if (typeof key === 'string' && Object.hasOwn(target, key)) used[key] = target[key];
      return Reflect.get(target, key) as unknown;
    },
  });
  const i18n = createI18n(options.language, noting);
  const head: RenderedHead = {};
  const html = await renderToHtml(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RenderedHeadContext.Provider value={head}>
          <QueryClientProvider client={queryClient}>
            <StaticRouter location={`${url.pathname}${url.search}`}>
              <AppRoutes />
            </StaticRouter>
          </QueryClientProvider>
        </RenderedHeadContext.Provider>
      </I18nProvider>
    </StrictMode>,
    options,
  );
  const state: ServerRenderedState = {
    queries: dehydrate(queryClient),
    messages: used,
  };
  const stateJson = jsonForScript(state);
  // React writes no inline script into these pages; one would carry this answer's nonce, so such
  // a page is never reused.
  const reusable = !html.includes('<script');
  if (reusable) renderedScreens.set(key, { html, state: stateJson, title: head.title });
  return { kind: 'page', body: html, state: stateJson, key, reusable, title: head.title, modules };
}

/**
 * Screens rendered lately, by address, day and the data they show (most-recently used first,
 * 32 MB at most). A page is the same for every visitor and depends on nothing else — the day is
 * in the key for the footer's year and the privacy page's date — so a page whose data has not
 * changed since it was last rendered is served without rendering it again; the data itself is
 * read fresh for every request, so no page is ever older than its data.
 */
const renderedScreens = new LRUCache<string, { html: string; state: string; title: string | undefined }>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (entry) => (entry.html.length + entry.state.length) * 2 + 256,
});

/**
 * The answers' own text is hashed, in the order of their addresses (routes ask side by side):
 * no answer is serialised again to tell whether the page changed.
 */
function renderedKey(url: URL, answers: string[], language: Language, catalogue: string): string {
  const hash = createHash('sha256').update(
    `${url.pathname}${url.search}\0${new Date().toISOString().slice(0, 10)}\0${language}\0${catalogue}`,
  );
  for (const answer of answers.toSorted()) hash.update('\0\0').update(answer);
  return hash.digest('base64url');
}

/** A short name for a catalogue's contents, by object (a changed catalogue is a new object). */
const catalogueVersions = new WeakMap<CompiledMessages, string>();
function catalogueVersion(messages: CompiledMessages): string {
  let version = catalogueVersions.get(messages);
  if (!version) {
    version = createHash('sha256').update(JSON.stringify(messages)).digest('base64url');
    catalogueVersions.set(messages, version);
  }
  return version;
}

/**
 * Renders once everything is ready (each lazily loaded part included), so a crawler gets the
 * whole page and the HTML needs no inline script to put late parts in place.
 */
function renderToHtml(element: React.ReactNode, { nonce, signal }: RenderOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
    const stream = renderToPipeableStream(element, {
      nonce,
      // A finished Suspense boundary larger than this is sent apart and put in place by an inline
      // script; the page is sent whole once ready, so every boundary stays where it belongs (and
      // the page works without scripts).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        stream.pipe(out);
      },
      onShellError: fail,
      onError: fail,
    });
    signal?.addEventListener('abort', () => stream.abort(signal.reason), { once: true });
  });
}
