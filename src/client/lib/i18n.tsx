/**
 * The interface's words: one Lingui instance holding the page's language, and `useT()` for a
 * component to read a catalogue message by key. The language is the page's `<html lang>`, which
 * the server chose; the browser fetches that language's catalogue from the server, so no
 * catalogue is in any script.
 *
 * A page the server rendered carries the messages it used, so it hydrates at once; the rest of
 * the catalogue follows, and every screen or dialog loaded later waits for it (`catalogueLoaded`).
 */
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider, Trans, useLingui } from '@lingui/react';
import { Fragment, useCallback, type ReactElement, type ReactNode } from 'react';
import { api } from '@/client/lib/api';
import { useBrand } from '@/client/lib/brand';
import type { CompiledMessages, MessageKey, MessageValues } from '@/shared/i18n/catalogue';
import { translateByWords } from '@/shared/i18n/english-source';
import { isLanguage, SOURCE_LANGUAGE, type Language } from '@/shared/i18n/languages';

export type { MessageKey, MessageValues };

export function createI18n(language: Language, messages: CompiledMessages): I18n {
  const i18n = setupI18n();
  i18n.load(language, messages as never);
  i18n.activate(language);
  return i18n;
}

/** The page's language as the server wrote it on `<html lang>`. */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLanguage(lang) ? lang : SOURCE_LANGUAGE;
}

let loaded: Promise<void> = Promise.resolve();

/** Resolves once the whole catalogue is in: screens and dialogs loaded later wait for it. */
export const catalogueLoaded = (): Promise<void> => loaded;

/** Fetches the language's catalogue into `i18n`; a failure leaves the messages the page came with. */
export function loadCatalogue(i18n: I18n, language: Language): Promise<void> {
  loaded = api<CompiledMessages>(`/api/i18n/${language}`)
    .then((messages) => i18n.load(language, messages as never))
    .catch((error: unknown) => console.error(error));
  return loaded;
}

export { I18nProvider };

/**
 * `t(key, values)`: a catalogue message in the page's language, its placeholders filled. Every
 * message's `{product}` is the operator's site name (Platform Settings' brand) unless given.
 */
export function useT(): (key: MessageKey, values?: MessageValues) => string {
  const { _ } = useLingui();
  const { name } = useBrand();
  return useCallback((key: MessageKey, values?: MessageValues) => _(key, { product: name, ...values }), [_, name]);
}

/**
 * `translateText(text)`: an English text written by the server or a shared schema (a validation
 * message, a refusal) in the page's language, found by its words; a text the catalogue does not
 * know is shown as it is.
 */
export function useTranslateText(): (text: string) => string {
  const { i18n, _ } = useLingui();
  return useCallback((text: string) => translateByWords(i18n.messages, text, (key, values) => _(key, values)), [i18n, _]);
}

/**
 * Lingui puts a string value into the message before it reads the message's `<0>` tags, so a
 * value that holds tags of its own (a company called "<0>Acme</0>", a stored "<script>") would
 * be read as markup. Such a value goes in as an element instead, which is only ever text.
 */
function asTextValues(values: MessageValues): Record<string, unknown> {
  const safe: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values))
    safe[name] = typeof value === 'string' && value.includes('<') ? <Fragment>{value}</Fragment> : value;
  return safe;
}

/** The page's language and its writing direction. */
export function useLanguage(): Language {
  const { i18n } = useLingui();
  return isLanguage(i18n.locale) ? i18n.locale : SOURCE_LANGUAGE;
}

/**
 * A message with parts a component draws: `<0>…</0>` in the message becomes `parts[0]` holding
 * that text (a link, bold type), so a translation may move the link anywhere in its sentence.
 */
export function Message({
  id,
  values,
  parts,
}: {
  id: MessageKey;
  values?: MessageValues;
  parts?: Record<string, ReactElement>;
}): ReactNode {
  const { name } = useBrand();
  return <Trans id={id} values={asTextValues({ product: name, ...values })} components={parts} />;
}
