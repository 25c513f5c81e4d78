/**
 * The public screens rendered by the server (src/client/entry-server.tsx). Their data comes from
 * this server's own API, asked in-process with `inject`: the same routes, validation and JSON the
 * browser gets, so the cache the page hands over is exactly what the browser would have fetched.
 *
 * The renderer (React, the router and every screen) is imported on the first page asked for, so
 * a server that only answers the API (most tests) never loads it.
 */
import type { FastifyInstance } from 'fastify';
import type { ApiTransport } from '@/client/entry-server';
import type { CatalogueService } from '@/server/modules/i18n/catalogue.service';
import type { RenderApp } from './web-app';

export function createAppRenderer(app: FastifyInstance, catalogue: CatalogueService): RenderApp {
  let renderer: Promise<typeof import('@/client/entry-server')> | undefined;
  const transport: ApiTransport = async (url, init, language) => {
    if (init.method && init.method !== 'GET')
      throw new Error(`a page render only reads the API (it asked ${init.method} ${url})`);
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', 'accept-language': language },
      signal: init.signal ?? undefined,
    });
    // The body as it came: a Response would copy it through a stream to be read back as text.
    return {
      ok: answer.statusCode >= 200 && answer.statusCode < 300,
      status: answer.statusCode,
      statusText: answer.statusMessage,
      text: () => Promise.resolve(answer.body),
    };
  };
  return async (url, options) => {
    renderer ??= import('@/client/entry-server');
    const { renderPage } = await renderer;
    return renderPage(url, { ...options, fetch: transport, messages: catalogue.messages(options.language) });
  };
}
