/** The language a request is answered in, from what it asks and what the operator offers. */
import type { FastifyRequest } from 'fastify';
import { chooseLanguage, LANGUAGE_COOKIE, LANGUAGE_PARAM, type Language } from '@/shared/i18n/languages';

export interface LanguageOffer {
  defaultLanguage: Language;
  languages: Language[];
}

export function requestLanguage(request: FastifyRequest, offer: LanguageOffer): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const param = query && typeof query[LANGUAGE_PARAM] === 'string' ? query[LANGUAGE_PARAM] : null;
  return chooseLanguage(
    { param, cookie: request.cookies?.[LANGUAGE_COOKIE], acceptLanguage: request.headers['accept-language'] },
    offer.languages,
    offer.defaultLanguage,
  );
}
