/**
 * A refusal in the language its request is answered in. Services and schemas write their
 * refusals in English; the `errors` area holds each sentence's translation under the sentence
 * itself (shared/i18n/english-source.ts), so a refusal is translated by its words alone.
 *
 * A sentence may be made of others: the rate limiter's "Too many sign-ups from this network.
 * Please try again in 5 minutes." is "{reason} Please try again in {wait}." around two sentences
 * of their own. So the changing parts are looked up too (two levels deep), and translated when
 * the catalogue knows them; a company's name or a number is known to no key and stays as it is.
 */
import { setupI18n, type I18n } from '@lingui/core';
import type { CompiledMessages } from '@/shared/i18n/catalogue';
import { translateByWords } from '@/shared/i18n/english-source';
import { SOURCE_LANGUAGE, type Language } from '@/shared/i18n/languages';
import type { MailWords } from '@/server/platform/mail/templates';
import { DEFAULT_BRAND, type Brand } from '@/shared/brand';
import { shippedMessages } from './messages';

/** Where messages come from: the shipped catalogue, or the operator's (CatalogueService), overrides included. */
export interface MessageSource {
  messages(language: Language): CompiledMessages;
  format(language: Language, key: string, values?: Record<string, unknown>): string;
  /** The operator's brand; the product's own when the source has none. */
  readonly brand?: Brand;
}

const formatters = new Map<Language, I18n>();

/** The shipped catalogue alone, as the release wrote it. */
export const shippedCatalogue: MessageSource = {
  messages: shippedMessages,
  format(language, key, values) {
    let i18n = formatters.get(language);
    if (!i18n) {
      i18n = setupI18n();
      i18n.load(language, shippedMessages(language) as never);
      i18n.activate(language);
      formatters.set(language, i18n);
    }
    return i18n._(key, values);
  },
};

/**
 * An English sentence of the server's in `language` (shared/i18n/english-source.ts says how).
 * English is answered exactly as written unless the operator overrode an English message.
 */
export function translateEnglish(source: MessageSource, language: Language, text: string): string {
  const messages = source.messages(language);
  if (language === SOURCE_LANGUAGE && messages === shippedMessages(SOURCE_LANGUAGE)) return text;
  return translateByWords(messages, text, (key, values) => source.format(language, key, values));
}

/** The catalogue in one reader's language, as mails and texts use it. */
export function wordsIn(source: MessageSource, language: Language): MailWords {
  const brand = source.brand ?? DEFAULT_BRAND;
  return {
    language,
    brand,
    // Every message's `{product}` is the operator's site name unless given.
    say: (key, values) => source.format(language, key, { product: brand.name, ...values }),
    translate: (text) => translateEnglish(source, language, text),
  };
}

/** The shipped catalogue's words, without the operator's overrides (tests, and code without a catalogue service). */
export const shippedWords = (language: Language): MailWords => wordsIn(shippedCatalogue, language);
