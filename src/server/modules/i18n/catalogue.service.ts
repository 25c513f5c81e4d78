/**
 * The catalogue as this operator runs it: the shipped messages with the operator's overrides laid
 * over them, the languages offered (Platform Settings, else the environment) and the brand (the
 * site's name, logo, colour and support address). Pages, the browser's catalogue, mails, texts
 * and refusals all read it here.
 *
 * Every node keeps a copy and compares one cheap figure with the database at most once a second
 * (`refresh`, run as each request starts and before a mail is written), so an override or a
 * language setting made on any node shows on every node within a second, without a restart.
 */
import { setupI18n, type I18n } from '@lingui/core';
import type { Db } from '@/server/db/client';
import { notFound, badRequest } from '@/server/lib/app-error';
import type { CompiledMessages } from '@/shared/i18n/catalogue';
import { inspectMessage } from '@/shared/i18n/inspect-message';
import { isLanguage, SOURCE_LANGUAGE, type Language } from '@/shared/i18n/languages';
import {
  LANGUAGE_SETTING_KEYS,
  TEXT_OVERRIDE_MAX_LENGTH,
  TEXTS_PAGE_SIZE,
  type TextEntry,
  type TextsAnswer,
  type TextsQuery,
} from '@/shared/schemas/texts';
import type { MailWords } from '@/server/platform/mail/templates';
import { BRAND_SETTING_KEYS, brandFromSettings, DEFAULT_BRAND, type Brand } from '@/shared/brand';
import type { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../users/users.service';
import { compileMessages, shippedMessages, sourceMessages } from './messages';
import type { LanguageOffer } from './request-language';
import { translateEnglish, wordsIn } from './translate-english';
import {
  deleteOverride,
  listOverrides,
  lockOverride,
  readCatalogueVersion,
  readLanguageSettings,
  upsertOverride,
} from './text-overrides.repository';

/** The settings this copy holds beside the overrides: the languages offered and the brand. */
const OPERATOR_SETTING_KEYS = [...LANGUAGE_SETTING_KEYS, ...BRAND_SETTING_KEYS];

/** How stale a node's copy may be, in milliseconds. */
export const CATALOGUE_CHECK_EVERY_MS = 1000;

/** The languages offered: a stored setting wins over the environment; the default is always offered, first. */
export function offerFrom(settings: Map<string, string>, fallback: LanguageOffer): LanguageOffer {
  const stored = settings.get('default_language');
  const defaultLanguage = isLanguage(stored) ? stored : fallback.defaultLanguage;
  const listed = settings.get('offered_languages');
  const chosen =
    listed === undefined
      ? fallback.languages
      : listed
          .split(',')
          .map((code) => code.trim())
          .filter(isLanguage);
  return { defaultLanguage, languages: [...new Set([defaultLanguage, ...chosen])] };
}

/** What refresh() answers when the copy is fresh enough. */
const FRESH: Promise<void> = Promise.resolve();

export class CatalogueService {
  private version: string | null = null;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | null = null;
  private overrides = new Map<Language, Map<string, string>>();
  private current: LanguageOffer;
  private currentBrand: Brand = DEFAULT_BRAND;
  private readonly merged = new Map<Language, CompiledMessages>();
  private readonly formatters = new Map<Language, I18n>();
  /** The languages offered now: a live view, read afresh by whoever holds it. */
  readonly offer: LanguageOffer;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly environment: LanguageOffer,
    private readonly checkEveryMs = CATALOGUE_CHECK_EVERY_MS,
  ) {
    this.current = environment;
    const now = () => this.current;
    this.offer = {
      get defaultLanguage() {
        return now().defaultLanguage;
      },
      get languages() {
        return now().languages;
      },
    };
  }

  /** Brings the copy up to date when it is older than a second; callers at the same moment share one read. */
  refresh(): Promise<void> {
    if (this.checking) return this.checking;
    if (Date.now() - this.checkedAt < this.checkEveryMs) return FRESH;
    this.checking = this.load()
      .then(() => {
        this.checkedAt = Date.now();
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  /**
   * refresh(), waited for at most `ms`: a check slower than that (a database that does not
   * answer) goes on in the background and the request uses the copy this node has, so that no
   * answer — the health probe's least of all — waits on the catalogue.
   */
  async refreshWithin(ms: number): Promise<void> {
    const checking = this.refresh();
    // Nearly every request finds the copy fresh: no timer for those.
    if (checking === FRESH) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    });
    try {
      await Promise.race([checking, waited]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async load(): Promise<void> {
    const version = await readCatalogueVersion(this.db, OPERATOR_SETTING_KEYS);
    if (version === this.version) return;
    const [rows, settings] = await Promise.all([listOverrides(this.db), readLanguageSettings(this.db, OPERATOR_SETTING_KEYS)]);
    const overrides = new Map<Language, Map<string, string>>();
    const english = sourceMessages(SOURCE_LANGUAGE);
    for (const row of rows) {
      // A key a newer release dropped, or a language no longer shipped, is kept but not shown.
      if (!isLanguage(row.language) || !english.has(row.key)) continue;
      let messages = overrides.get(row.language);
      if (!messages) overrides.set(row.language, (messages = new Map<string, string>()));
      messages.set(row.key, row.message);
    }
    this.overrides = overrides;
    this.current = offerFrom(settings, this.environment);
    this.currentBrand = brandFromSettings(settings);
    this.merged.clear();
    this.formatters.clear();
    this.version = version;
  }

  /** The operator's brand as this node's copy holds it (Platform Settings, else the product's own). */
  get brand(): Brand {
    return this.currentBrand;
  }

  /** The language's compiled catalogue, every area, overrides included (the same object until one changes). */
  messages(language: Language): CompiledMessages {
    let messages = this.merged.get(language);
    if (!messages) {
      const overrides = this.overrides.get(language);
      messages = overrides?.size ? { ...shippedMessages(language), ...compileMessages(overrides) } : shippedMessages(language);
      this.merged.set(language, messages);
    }
    return messages;
  }

  private formatter(language: Language): I18n {
    let i18n = this.formatters.get(language);
    if (!i18n) {
      i18n = setupI18n();
      i18n.load(language, this.messages(language) as never);
      i18n.activate(language);
      this.formatters.set(language, i18n);
    }
    return i18n;
  }

  /** A message in a language, its placeholders filled. */
  format(language: Language, key: string, values?: Record<string, unknown>): string {
    return this.formatter(language)._(key, values);
  }

  /** An English sentence of the server's (a refusal) in a language, found by its words; as written when unknown. */
  translateEnglish(language: Language, text: string): string {
    return translateEnglish(this, language, text);
  }

  /**
   * The catalogue in a reader's language, for a mail or a text: their saved language when it
   * is still offered, else the operator's default.
   */
  wordsFor(language: string | null | undefined): MailWords {
    const chosen = isLanguage(language) && this.offer.languages.includes(language) ? language : this.offer.defaultLanguage;
    return wordsIn(this, chosen);
  }

  // ───────────── the override screen ─────────────

  /** Messages whose key or words (English, shipped or overridden in the language) hold the search, by key. */
  async list(query: TextsQuery): Promise<TextsAnswer> {
    await this.refresh();
    const { language, page } = query;
    const words = query.q?.trim().toLocaleLowerCase() ?? '';
    const english = sourceMessages(SOURCE_LANGUAGE);
    const shipped = sourceMessages(language);
    const overrides = this.overrides.get(language);
    const matches: TextEntry[] = [];
    for (const [key, source] of english) {
      const entry: TextEntry = {
        key,
        english: source,
        shipped: shipped.get(key) ?? source,
        override: overrides?.get(key) ?? null,
        placeholders: placeholdersOf(source),
      };
      if (query.overridden && entry.override === null) continue;
      if (
        words &&
        ![key, entry.english, entry.shipped, entry.override ?? ''].some((text) => text.toLocaleLowerCase().includes(words))
      )
        continue;
      matches.push(entry);
    }
    matches.sort((a, b) => a.key.localeCompare(b.key));
    return {
      texts: matches.slice((page - 1) * TEXTS_PAGE_SIZE, page * TEXTS_PAGE_SIZE),
      total: matches.length,
      page,
      pageSize: TEXTS_PAGE_SIZE,
    };
  }

  /** The entry of one message (after a change), or a 404 for a key or language the catalogue does not have. */
  private entryOf(language: string, key: string): { language: Language; source: string } {
    const source = sourceMessages(SOURCE_LANGUAGE).get(key);
    if (!isLanguage(language) || source === undefined) throw notFound('Text not found');
    return { language, source };
  }

  private answerOf(language: Language, key: string, source: string): TextEntry {
    return {
      key,
      english: source,
      shipped: sourceMessages(language).get(key) ?? source,
      override: this.overrides.get(language)?.get(key) ?? null,
      placeholders: placeholdersOf(source),
    };
  }

  /**
   * Overrides one message in one language. It must parse, and need exactly the placeholders and
   * tags of the English message: the code fills those, so one dropped or renamed would show raw
   * braces or lose a link on every page.
   */
  async set(actor: SessionUser, languageCode: string, key: string, message: string): Promise<TextEntry> {
    const { language, source } = this.entryOf(languageCode, key);
    if (!message.trim()) throw badRequest('Enter the text', 'BAD_REQUEST', 'message');
    if (message.length > TEXT_OVERRIDE_MAX_LENGTH)
      throw badRequest(`The text must be at most ${TEXT_OVERRIDE_MAX_LENGTH} characters`, 'BAD_REQUEST', 'message');
    const inspected = inspectMessage(message);
    if ('error' in inspected)
      throw badRequest(`The text does not read as a message: ${inspected.error}`, 'BAD_REQUEST', 'message');
    const wanted = inspectMessage(source);
    if (!('error' in wanted)) {
      if (inspected.placeholders.join() !== wanted.placeholders.join())
        throw badRequest(
          `The text must keep the placeholders ${listOf(wanted.placeholders, (name) => `{${name}}`)}`,
          'BAD_REQUEST',
          'message',
        );
      if (inspected.tags.join() !== wanted.tags.join())
        throw badRequest(
          `The text must keep the tags ${listOf(wanted.tags, (tag) => `<${tag}>…</${tag}>`)}`,
          'BAD_REQUEST',
          'message',
        );
    }
    await this.db.transaction(async (tx) => {
      const before = await lockOverride(tx, language, key);
      await upsertOverride(tx, { language, key, message, updatedBy: actor.id });
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'text_override.set',
        entityType: 'text_override',
        entityId: `${language}:${key}`,
        before: { message: before ?? null },
        after: { message },
      });
    });
    await this.reload();
    return this.answerOf(language, key, source);
  }

  /** Puts the shipped message back; reverting a message that has no override changes nothing. */
  async revert(actor: SessionUser, languageCode: string, key: string): Promise<TextEntry> {
    const { language, source } = this.entryOf(languageCode, key);
    await this.db.transaction(async (tx) => {
      const before = await lockOverride(tx, language, key);
      if (before === undefined) return;
      await deleteOverride(tx, language, key);
      await this.audit.record(tx, {
        actorUserId: actor.id,
        action: 'text_override.revert',
        entityType: 'text_override',
        entityId: `${language}:${key}`,
        before: { message: before },
        after: { message: null },
      });
    });
    await this.reload();
    return this.answerOf(language, key, source);
  }

  /** After a change made here (or a setting it holds changed): this node sees it at once, other nodes within a second. */
  async reload(): Promise<void> {
    this.checkedAt = Number.NEGATIVE_INFINITY;
    await this.checking;
    await this.refresh();
  }
}

function placeholdersOf(text: string): string[] {
  const inspected = inspectMessage(text);
  return 'error' in inspected ? [] : inspected.placeholders;
}

const listOf = (items: string[], show: (item: string) => string) => (items.length ? items.map(show).join(', ') : '(none)');
