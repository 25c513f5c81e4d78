/**
 * A screen's `t` for unit tests, in a shipped language, from the shipped catalogue: a function
 * that takes `t` is tested in the words a person reads, English or any other.
 */
import { setupI18n } from '@lingui/core';
import type { useT } from '@/client/lib/i18n';
import type { MessageKey, MessageValues } from '@/shared/i18n/catalogue';
import type { Language } from '@/shared/i18n/languages';
import { DEFAULT_BRAND } from '@/shared/brand';
import { shippedMessages } from '@/server/modules/i18n/messages';

export type Translate = ReturnType<typeof useT>;

export function translatorIn(language: Language = 'en'): Translate {
  const i18n = setupI18n();
  i18n.load(language, shippedMessages(language) as never);
  i18n.activate(language);
  // As the screens' `t`: `{product}` is the site name, here the product's own.
  return (key: MessageKey, values?: MessageValues) => i18n._(key, { product: DEFAULT_BRAND.name, ...values });
}
