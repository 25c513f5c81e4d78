/**
 * The catalogues compiled for Lingui, once per language, and checks on one message's ICU text.
 * The server formats with the full catalogue (mails, texts, rendered pages); the browser gets the
 * areas it shows (`clientMessages`).
 */
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { SERVER_ONLY_AREAS, type CompiledMessages } from '@/shared/i18n/catalogue';
import type { Language } from '@/shared/i18n/languages';
import { CATALOGUE_SOURCES } from './catalogue-sources';

/** Every message of a language's catalogue as written, by key (all areas). */
export function sourceMessages(language: Language): Map<string, string> {
  const messages = new Map<string, string>();
  for (const area of Object.values(CATALOGUE_SOURCES[language]))
    for (const [key, text] of Object.entries(area)) messages.set(key, text);
  return messages;
}

const areaOf = (key: string) => key.slice(0, key.indexOf('.'));

/** Compiles messages (a message that would not compile is refused before it gets here). */
export function compileMessages(messages: Iterable<[string, string]>): CompiledMessages {
  const compiled: CompiledMessages = {};
  for (const [key, text] of messages) compiled[key] = compileMessage(text);
  return compiled;
}

/** The compiled catalogue of a language, every area, from the shipped files (made once). */
const shipped = new Map<Language, CompiledMessages>();
export function shippedMessages(language: Language): CompiledMessages {
  let compiled = shipped.get(language);
  if (!compiled) {
    compiled = compileMessages(sourceMessages(language));
    shipped.set(language, compiled);
  }
  return compiled;
}

/** The areas the browser shows, out of a compiled catalogue. */
export function clientMessages(messages: CompiledMessages): CompiledMessages {
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !SERVER_ONLY_AREAS.includes(areaOf(key))));
}
