/**
 * GET /api/i18n/:language — the messages the browser shows, compiled, in one offered language.
 * Answered with an ETag of its bytes: the browser revalidates and gets a 304 until they change.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '@/server/lib/app-error';
import { isLanguage, type Language } from '@/shared/i18n/languages';
import type { CatalogueService } from './catalogue.service';
import { clientMessages } from './messages';

export const i18nRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  // One answer per catalogue: an override gives the language a new catalogue, so a new answer and ETag.
  const answers = new WeakMap<object, { body: string; etag: string }>();
  const answerOf = (language: Language) => {
    const messages = catalogue.messages(language);
    let answer = answers.get(messages);
    if (!answer) {
      const body = JSON.stringify(clientMessages(messages));
      answer = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      answers.set(messages, answer);
    }
    return answer;
  };

  app.get('/api/i18n/:language', { schema: { params: z.object({ language: z.string() }) } }, async (request, reply) => {
    const { language } = request.params;
    if (!isLanguage(language) || !catalogue.offer.languages.includes(language)) throw notFound('Language not found');
    const answer = answerOf(language);
    reply.header('cache-control', 'no-cache').header('etag', answer.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(answer.body);
  });
};
