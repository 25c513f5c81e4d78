/**
 * GET /api/i18n/:language — the messages the browser shows, compiled, in one offered language.
 * Answered with an ETag of its bytes: the browser revalidates and gets a 304 until they change.
 * Some 300 KB of JSON, so it is compressed once per catalogue (brotli or gzip, as the browser
 * accepts), not on every request.
 */
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@/server/lib/app-error';
import { isLanguage, type Language } from '@/shared/i18n/languages';
import type { CatalogueService } from './catalogue.service';
import { clientMessages } from './messages';

export const i18nRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  // One answer per catalogue: an override gives the language a new catalogue, so a new answer and ETag.
  const answers = new WeakMap<object, { body: Buffer; br: Buffer; gzip: Buffer; etag: string }>();
  const answerOf = (language: Language) => {
    const messages = catalogue.messages(language);
    let answer = answers.get(messages);
    if (!answer) {
      const body = Buffer.from(JSON.stringify(clientMessages(messages)));
      answer = {
        body,
        br: zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          },
        }),
        gzip: zlib.gzipSync(body, { level: 9 }),
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      };
      answers.set(messages, answer);
    }
    return answer;
  };
  /** The encoding to send, by the request's Accept-Encoding (one refused with q=0 is not used). */
  const encodingOf = (header: string | undefined): 'br' | 'gzip' | null => {
    const accepted = new Set(
      (header ?? '')
        .split(',')
        .map((part) => part.trim().split(';'))
        .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
        .map(([name]) => name?.trim().toLowerCase()),
    );
    return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  };

  app.get('/api/i18n/:language', { schema: { params: z.object({ language: z.string() }) } }, async (request, reply) => {
    const { language } = request.params;
    if (!isLanguage(language) || !catalogue.offer.languages.includes(language)) throw notFound('Language not found');
    const answer = answerOf(language);
    reply.header('cache-control', 'no-cache').header('etag', answer.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = encodingOf(request.headers['accept-encoding']);
    if (!encoding) return reply.send(answer.body);
    return reply.header('content-encoding', encoding).send(answer[encoding]);
  });
};
