/**
 * Serves the built React app: hashed assets with long-lived caching, and for every other path an
 * HTML page built from index.html.
 *
 * - `renderHead` answers a path's status — 404 for a path that is no screen, or names a company or
 *   category that does not exist (no soft 404s), 410 for a deactivated company — and may answer
 *   head tags for it (title, description, canonical, Open Graph, JSON-LD, noindex); they replace
 *   index.html's own `<title>` and `<meta name="description">` when they carry one, and join the
 *   head otherwise.
 * - `renderApp` renders the public screens into the page (src/client/entry-server.tsx), with the
 *   query cache the browser hydrates from beside it. A screen it does not render (signed-in
 *   screens, or one whose data failed to load) gets index.html's header bar, and the browser paints
 *   it as before.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DEFAULT_BRAND, type Brand } from '@/shared/brand';
import { brandedShell, brandKey } from './branded-shell';
import type { ServerRender } from '@/client/entry-server';
import { escapeHtml } from '@/server/lib/html';
import { withSharedReads } from '@/server/lib/shared-reads';
import { SERVER_STATE_ELEMENT_ID } from '@/shared/constants';
import { directionOf, LANGUAGE_PARAM, SOURCE_LANGUAGE, type Language } from '@/shared/i18n/languages';
import { refusalText } from './error-handler';
import { SESSION_HINT_COOKIE } from './request-context';
import { withScriptNonce } from './security-headers';

export interface PageHead {
  status: 200 | 404 | 410;
  head: string | null;
}
/** A page's head, in the language the page is answered in. */
export type RenderHead = (url: URL, language: Language) => Promise<PageHead>;
export type RenderApp = (url: URL, options: { nonce: string; signal: AbortSignal; language: Language }) => Promise<ServerRender>;

export interface WebAppOptions {
  renderHead?: RenderHead;
  renderApp?: RenderApp;
  /** The languages pages come in and how a request's is chosen; unset: the source language only. */
  languages?: {
    offered: () => Language[];
    /** The operator's default language: its pages' addresses carry no `?lang=`. */
    defaultLanguage: () => Language;
    appUrl: string;
    of: (request: FastifyRequest) => Language;
  };
  /** The operator's brand now (Platform Settings); unset: the product's own. */
  brand?: () => Brand;
}

const TITLE_RE = /<title\b[^>]*>[\s\S]*?<\/title>/i;
const DESCRIPTION_RE = /[ \t]*<meta\b[^>]*\bname\s*=\s*["']?description["']?[^>]*>[ \t]*\r?\n?/i;
const HEAD_END_RE = /<\/head>/i;
/** index.html marks the header bar it paints before the scripts; a rendered page replaces it. */
const ROOT_OPEN = '<div id="root">';
const OUTLET_START = '<!--app-outlet-->';
const OUTLET_END = '<!--/app-outlet-->';

/** index.html with `head` in place of its title (and description when `head` has its own). */
export function injectHead(indexHtml: string, head: string): string {
  const replacesTitle = /<title[\s>]/i.test(head);
  const replacesDescription = /<meta\b[^>]*\bname="description"/i.test(head);
  let html = replacesDescription ? indexHtml.replace(DESCRIPTION_RE, '') : indexHtml;
  // Functions as replacements, so that `$&` and the like in user-written text stay literal.
  const title = TITLE_RE.exec(html);
  if (title) {
    const at = replacesTitle ? title.index : title.index + title[0].length;
    const end = title.index + title[0].length;
    html = `${html.slice(0, at)}${replacesTitle ? head : `\n    ${head}`}${html.slice(end)}`;
    return html;
  }
  return HEAD_END_RE.test(html) ? html.replace(HEAD_END_RE, () => `${head}\n  </head>`) : `${head}\n${html}`;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** What a rendered page loads for its screen, beyond the entry and what the entry imports. */
export interface ScreenChunks {
  /** The screens' own chunks: run as module scripts before the entry (see `pageHtml`). */
  scripts: string[];
  /** What those import: preloaded, so the browser fetches them in parallel. */
  preloads: string[];
}

/** The chunks of the screens' source files, from the build's manifest. */
export function screenChunks(manifest: Record<string, ManifestChunk>, modules: string[]): ScreenChunks {
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dependency of manifest[key].imports ?? []) closure(dependency, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = entry ? closure(entry, new Set()) : new Set<string>();
  const own = modules.filter((module) => manifest[module] && !loaded.has(module));
  const needed = new Set<string>();
  for (const module of own)
    for (const key of closure(module, new Set())) if (!loaded.has(key) && !own.includes(key)) needed.add(key);
  const file = (key: string) => `/${manifest[key].file}`;
  return { scripts: own.map(file), preloads: [...needed].map(file) };
}

function readManifest(clientDir: string): Record<string, ManifestChunk> {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
}

const HTML_OPEN_RE = /<html\b[^>]*>/i;

/**
 * index.html in a language: `<html lang>`, and `dir="rtl"` for a language written right to left
 * (left to right is the default), so screen readers, fonts and the layout follow it.
 */
export function withLanguage(html: string, language: Language): string {
  const dir = directionOf(language) === 'rtl' ? ' dir="rtl"' : '';
  return html.replace(HTML_OPEN_RE, () => `<html lang="${language}"${dir}>`);
}

/** A page's address in a language: the default's carries no `?lang=` (nor does `x-default`, null). */
function addressIn(url: URL, appUrl: string, language: Language | null): string {
  const params = new URLSearchParams(url.search);
  params.delete(LANGUAGE_PARAM);
  if (language) params.set(LANGUAGE_PARAM, language);
  const query = params.toString();
  return `${appUrl}${url.pathname}${query ? `?${query}` : ''}`;
}

/**
 * The page's address in each offered language and, as `x-default`, without one (the visitor's
 * own preference then decides): for search engines to send each reader to their language.
 */
export function languageAlternates(url: URL, offered: Language[], appUrl: string, defaultLanguage: Language): string {
  if (offered.length < 2) return '';
  const hrefOf = (language: Language | null) =>
    escapeHtml(addressIn(url, appUrl, language === defaultLanguage ? null : language));
  return [
    ...offered.map((language) => `<link rel="alternate" hreflang="${language}" href="${hrefOf(language)}">`),
    `<link rel="alternate" hreflang="x-default" href="${hrefOf(null)}">`,
  ].join('\n    ');
}

const CANONICAL_RE = /<link rel="canonical" href="([^"]*)">/;

/** The canonical address a page's head names, if any. */
function canonicalOf(head: string | null): URL | null {
  const href = head ? CANONICAL_RE.exec(head)?.[1] : undefined;
  if (!href) return null;
  try {
    return new URL(href.replaceAll('&amp;', '&'));
  } catch {
    return null;
  }
}

/**
 * A page in another language than the default names its own language's address as canonical
 * (the same as its `hreflang` alternate), so that each language version is indexed as itself.
 */
export function canonicalIn(head: string, language: Language, defaultLanguage: Language): string {
  if (language === defaultLanguage) return head;
  const canonical = canonicalOf(head);
  if (!canonical) return head;
  canonical.searchParams.set(LANGUAGE_PARAM, language);
  return head.replace(CANONICAL_RE, () => `<link rel="canonical" href="${escapeHtml(canonical.toString())}">`);
}

/** A session cookie on the request: the answer is kept out of shared caches. */
const hasSession = (request: FastifyRequest) => Boolean(request.cookies?.[SESSION_HINT_COOKIE]);

export async function registerWebApp(app: FastifyInstance, clientDir: string, options: WebAppOptions = {}): Promise<boolean> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');
  const manifest = readManifest(clientDir);
  const { renderHead } = options;
  const hasOutlet = [ROOT_OPEN, OUTLET_START, OUTLET_END].every(
    (mark, i, marks) => indexHtml.indexOf(mark) > (i ? indexHtml.indexOf(marks[i - 1]) : -1),
  );
  if (options.renderApp && !hasOutlet)
    app.log.warn(`index.html has no ${OUTLET_START} … ${OUTLET_END}: pages are painted by the browser`);
  const renderApp = hasOutlet ? options.renderApp : undefined;
  const shellBase = stylesheetsFirst(indexHtml);
  const pageBase = lowPriorityScripts(shellBase);
  const offered = options.languages?.offered ?? (() => [SOURCE_LANGUAGE]);
  const languageOf = options.languages?.of ?? (() => SOURCE_LANGUAGE);
  const brandOf = options.brand ?? (() => DEFAULT_BRAND);
  // By language and brand: a brand changed in Platform Settings is a new template from the next request.
  const templates = new LRUCache<string, { shell: string; page: string }>({ max: 32 });
  const templatesOf = (language: Language, brand: Brand) => {
    const key = `${language}\0${brandKey(brand)}`;
    let known = templates.get(key);
    if (!known) {
      known = {
        shell: brandedShell(withLanguage(shellBase, language), brand),
        page: brandedShell(withLanguage(pageBase, language), brand),
      };
      templates.set(key, known);
    }
    return known;
  };
  /**
   * Pages assembled lately, by the rendered screen's key and the head (16 MB at most): a page
   * whose data has not changed is sent as the bytes it was last time, with no assembly and no
   * encoding of its text.
   */
  const documents = new LRUCache<string, Buffer>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (document, key) => document.length + key.length * 2,
  });

  // Pages are compressed on the way out (brotli at a fast level, or gzip); the assets were
  // compressed at build time and are served as they are.
  await app.register(fastifyCompress, {
    global: false,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    },
  });
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // Serves the .br/.gz files written at build time to clients that accept them.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  const headOf = async (request: FastifyRequest, url: URL, language: Language): Promise<PageHead> => {
    if (!renderHead) return { status: 200, head: null };
    try {
      return await renderHead(url, language);
    } catch (error) {
      // The page still works without its search-engine tags; the app loads its data itself.
      request.log.error({ err: error }, 'rendering the page head failed; serving the default');
      return { status: 200, head: null };
    }
  };

  /** The rendered screen; 'left' when the visitor went away first (there is nothing to answer). */
  const screenOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
    nonce: string,
    language: Language,
  ): Promise<ServerRender | 'left'> => {
    if (!renderApp) return { kind: 'browser' };
    // The visitor went away before the answer was sent: the render stops.
    const left = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) left.abort();
    });
    try {
      return await renderApp(url, { nonce, signal: left.signal, language });
    } catch (error) {
      if (left.signal.aborted) {
        request.log.debug('the visitor left before the page was rendered');
        return 'left';
      }
      // The browser paints the screen itself, as it does for the signed-in ones.
      request.log.error({ err: error }, 'rendering the page failed; serving the app shell');
      return { kind: 'browser' };
    }
  };

  app.get('/*', async (request, reply) => {
    const url = new URL(request.url, 'http://page.invalid');
    if (url.pathname.startsWith('/api/')) {
      return reply.status(404).send({ success: false, error: refusalText(request, 'Not found'), code: 'NOT_FOUND' });
    }
    // The head and the screen read the same data side by side, each row once.
    const nonce = randomBytes(16).toString('base64');
    const language = languageOf(request);
    const [page, rendered] = await withSharedReads(() =>
      Promise.all([headOf(request, url, language), screenOf(request, reply, url, nonce, language)]),
    );
    if (rendered === 'left') return reply;
    if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);

    reply.status(page.status);
    if (page.status !== 200) reply.header('x-robots-tag', 'noindex');
    // Every page is rendered as an anonymous visitor sees it; one asked for with a session is
    // still kept out of shared caches, and every cache asks again before reusing a page.
    reply.header('cache-control', hasSession(request) ? 'private, no-cache' : 'no-cache');
    reply.type('text/html; charset=utf-8');
    // The same address answers in the visitor's language: a cache keys its copy on what chose it.
    reply.header('content-language', language).header('vary', 'accept-language, cookie');
    const brand = brandOf();
    const { shell: shellTemplate, page: pageTemplate } = templatesOf(language, brand);

    const defaultLanguage = options.languages?.defaultLanguage() ?? language;
    if (rendered.kind === 'browser')
      return reply.compress(
        page.head !== null ? injectHead(shellTemplate, canonicalIn(page.head, language, defaultLanguage)) : shellTemplate,
      );

    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', withScriptNonce(csp, nonce));
    // The nonce is in the header only (a reusable screen inlines no script), so the same screen
    // under the same head is the same document.
    const documentKey = `${language}\0${brandKey(brand)}\0${offered().join()}\0${rendered.key}\0${page.head ?? ''}`;
    let document = rendered.reusable ? documents.get(documentKey) : undefined;
    if (!document) {
      // The alternates are the canonical address in each language (tracking parameters and the
      // like left out), or the page's own address when its head names none.
      const canonical = canonicalOf(page.head);
      const alternates =
        page.status === 200
          ? canonical
            ? languageAlternates(canonical, offered(), canonical.origin, defaultLanguage)
            : languageAlternates(url, offered(), options.languages?.appUrl ?? '', defaultLanguage)
          : '';
      const ownHead = page.head !== null ? canonicalIn(page.head, language, defaultLanguage) : page.head;
      const head = [ownHead ?? '', alternates].filter(Boolean).join('\n    ');
      let html = head ? injectHead(pageTemplate, head) : pageTemplate;
      if (rendered.title && !/<title[\s>]/i.test(head)) {
        html = html.replace(TITLE_RE, () => `<title>${escapeHtml(rendered.title!)}</title>`);
      }
      document = Buffer.from(pageHtml(html, rendered, screenChunks(manifest, rendered.modules)));
      if (rendered.reusable) documents.set(documentKey, document);
    }
    return reply.compress(document);
  });
  return true;
}

/**
 * The stylesheet before every script in the head: the browser asks for resources in the order it
 * finds them, a few at a time, and behind some thirty script chunks the stylesheet — which blocks
 * the first paint — came late.
 */
function stylesheetsFirst(html: string): string {
  const stylesheets = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\r?\n?/g) ?? [];
  const scripts = /[ \t]*<(script type="module"|link rel="modulepreload")/;
  if (!stylesheets.length || html.search(scripts) < 0) return html;
  let reordered = html;
  for (const link of stylesheets) reordered = reordered.replace(link, '');
  const at = reordered.search(scripts);
  return `${reordered.slice(0, at)}${stylesheets.join('')}${reordered.slice(at)}`;
}

/** The entry script and its preloads fetched after what paints: a rendered page already shows the screen. */
function lowPriorityScripts(html: string): string {
  return html
    .replace(/<script type="module"/g, () => '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, () => '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * The page around the rendered screen: the head with the screen's chunks, the screen in place of
 * the header bar, and the query cache as JSON (data, not script: no Content-Security-Policy
 * exception is needed for it).
 *
 * The screen's own chunk is a module script placed before the entry's, so it has run when the
 * entry asks for it: the entry then hydrates at once, within its own run, before the document's
 * load event (a click that early would otherwise meet a page without handlers); with only a
 * preload the entry waited for the chunk and hydrated whenever it arrived. Every script is fetched
 * at low priority: the HTML already shows the page, and they only make it interactive.
 */
function pageHtml(html: string, rendered: Extract<ServerRender, { kind: 'page' }>, chunks: ScreenChunks): string {
  const tag = (name: 'script' | 'link', href: string) =>
    name === 'script'
      ? `<script type="module" fetchpriority="low" crossorigin src="${escapeHtml(href)}"></script>`
      : `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(href)}">`;
  const screen = [...chunks.preloads.map((href) => tag('link', href)), ...chunks.scripts.map((href) => tag('script', href))];
  const entryAt = html.indexOf('<script type="module"');
  const document =
    screen.length && entryAt >= 0 ? `${html.slice(0, entryAt)}${screen.join('\n    ')}\n    ${html.slice(entryAt)}` : html;
  // The rendered screen is the whole of #root, whitespace and marks included: hydration compares
  // every node in it.
  const start = document.indexOf(ROOT_OPEN) + ROOT_OPEN.length;
  const end = document.indexOf('</div>', document.indexOf(OUTLET_END));
  const state = `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${rendered.state}</script>`;
  const after = document.slice(end).replace(/<\/body>/i, () => `${state}\n  </body>`);
  return `${document.slice(0, start)}${rendered.body}${after}`;
}
