/**
 * Serves the built React app: hashed assets with long-lived caching, and index.html for every
 * other path; the app itself shows the screen, or its not-found screen.
 *
 * `renderPage` answers a path's status — 404 for a path that is no screen, or names a company or
 * category that does not exist (no soft 404s: a crawler must not index a missing page) — and may answer
 * head tags for it (title, description, canonical, Open Graph, JSON-LD, noindex: what crawlers read
 * without running scripts); they replace index.html's own `<title>` and `<meta name="description">`
 * when they carry one, and join the head otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export type RenderPage = (pathname: string) => Promise<{ status: 200 | 404; head: string | null }>;

const TITLE_RE = /<title\b[^>]*>[\s\S]*?<\/title>/i;
const DESCRIPTION_RE = /[ \t]*<meta\b[^>]*\bname\s*=\s*["']?description["']?[^>]*>[ \t]*\r?\n?/i;
const HEAD_END_RE = /<\/head>/i;

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

export async function registerWebApp(app: FastifyInstance, clientDir: string, renderPage?: RenderPage): Promise<boolean> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const indexHtml = readFileSync(indexFile, 'utf8');

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

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname.startsWith('/api/')) {
      return reply.status(404).send({ success: false, error: 'Not found', code: 'NOT_FOUND' });
    }
    let html = indexHtml;
    let status: 200 | 404 = 200;
    if (renderPage) {
      try {
        const page = await renderPage(pathname);
        status = page.status;
        if (page.head !== null) html = injectHead(indexHtml, page.head);
      } catch (error) {
        // The page still works without its search-engine tags; the app loads its data itself.
        request.log.error({ err: error }, 'rendering the page head failed; serving the default');
      }
    }
    reply.header('cache-control', 'no-cache');
    if (status === 404) reply.status(404).header('x-robots-tag', 'noindex');
    return reply.type('text/html; charset=utf-8').send(html);
  });
  return true;
}
