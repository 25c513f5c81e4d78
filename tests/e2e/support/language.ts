/**
 * What a journey in another language checks on every screen: `<html lang dir>`, and that no text
 * a person sees or hears is still an English catalogue message (one the language words
 * differently). Every visible text node, accessible name, placeholder, title and alt text is read
 * against the English catalogue, a message with placeholders matching whatever fills them.
 * Catalogues are read in the journey's own language, so the journey clicks the words it sees.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { Db } from '@/server/db/client';
import { categories, subcategories } from '@/server/db/schema';
import { expect } from 'vitest';
import { ENGLISH_SOURCE_AREA } from '@/shared/i18n/english-source';

const CATALOGUES = path.resolve('src/shared/i18n/catalogues');

/** Every message of a language, all areas, by key (server-only areas included: mails are not on screen). */
export function catalogueOf(language: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const file of readdirSync(path.join(CATALOGUES, language)))
    if (file.endsWith('.json'))
      Object.assign(messages, JSON.parse(readFileSync(path.join(CATALOGUES, language, file), 'utf8')) as Record<string, string>);
  return messages;
}

/** A catalogue message as the journey sees it: placeholders filled, plain text (no ICU, no tags). */
export function wordsOf(messages: Record<string, string>, key: string, values: Record<string, string | number> = {}): string {
  const text = messages[key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return text.replace(/<\/?\d+>/g, '').replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/**
 * A catalogue message in a language as a person reads it, plurals and selects chosen for the
 * values (`{count, plural, one {# coin} other {# coins}}` with 5 reads "5 coins"), tags dropped.
 */
export function sayIn(language: string, key: string, values: Record<string, string | number> = {}): string {
  const text = catalogueOf(language)[key];
  if (text === undefined) throw new Error(`no message ${key}`);
  return chooseBranches(text, language, values)
    .replace(/<\/?\d+>/g, '')
    .replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

function chooseBranches(text: string, language: string, values: Record<string, string | number>): string {
  const branch = /\{(\w+), (plural|select|selectordinal),((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}/.exec(text);
  if (!branch) return text;
  const [whole, name, kind, body] = branch;
  const options = new Map([...body.matchAll(/([=\w]+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g)].map((match) => [match[1], match[2]]));
  const value = values[name];
  let chosen: string | undefined;
  if (kind === 'select') chosen = options.get(String(value)) ?? options.get('other');
  else {
    const count = Number(value);
    const category = new Intl.PluralRules(language, { type: kind === 'selectordinal' ? 'ordinal' : 'cardinal' }).select(count);
    chosen = (options.get(`=${count}`) ?? options.get(category) ?? options.get('other'))?.replace(/#/g, String(count));
  }
  return chooseBranches(text.slice(0, branch.index) + (chosen ?? '') + text.slice(branch.index + whole.length), language, values);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English texts a page in `language` must not show: each message the language words
 * otherwise, as a pattern. Plurals and selects contribute each of their branches; a placeholder
 * matches any text. Messages of three letters or fewer (a unit, "OK") and the ones the language
 * writes the same (a brand, "Email" in both) are left out.
 */
function englishPatterns(language: string): { key: string; test: RegExp }[] {
  const english = catalogueOf('en');
  const translated = catalogueOf(language);
  const patterns: { key: string; test: RegExp }[] = [];
  for (const [key, source] of Object.entries(english)) {
    if (key.startsWith('mail.') || key.startsWith('texts.')) continue;
    if (translated[key] === source) continue;
    const text = key.startsWith(`${ENGLISH_SOURCE_AREA}.`) ? key.slice(ENGLISH_SOURCE_AREA.length + 1) : source;
    for (const variant of variantsOf(text)) {
      const literal = variant.replace(/<\/?\d+>/g, '');
      const fixed = literal.replace(/\{\w+\}|#/g, '').trim();
      if (fixed.replace(/[^A-Za-z]/g, '').length <= 3) continue;
      const source = literal
        .split(/(\{\w+\}|#)/)
        .map((part) => (/^\{\w+\}$|^#$/.test(part) ? '.+' : escape(part)))
        .join('');
      patterns.push({ key, test: new RegExp(`^${source.trim()}$`, 's') });
    }
  }
  return patterns;
}

/** A message's readings: `{n, plural, one {# day} other {# days}}` → "# day", "# days". */
function variantsOf(text: string): string[] {
  const branch = /\{(\w+), (?:plural|select|selectordinal),((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}/.exec(text);
  if (!branch) return [text];
  const options = [...branch[2].matchAll(/[=\w]+\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g)].map((match) => match[1]);
  return options.flatMap((option) =>
    variantsOf(
      text.slice(0, branch.index) + option.replace(/#/g, `{${branch[1]}}`) + text.slice(branch.index + branch[0].length),
    ),
  );
}

const patternCache = new Map<string, { key: string; test: RegExp }[]>();

/** Every text on screen a person reads or hears: visible text nodes, names, placeholders, titles. */
function textsOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts = new Set<string>();
    const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      if (text && (visible(parent) || parent.closest('.sr-only'))) texts.add(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label],[placeholder],[title],[alt],[aria-description]')) {
      if (!visible(element) && !element.closest('.sr-only')) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) {
        const value = element.getAttribute(name)?.replace(/\s+/g, ' ').trim();
        if (value) texts.add(value);
      }
    }
    // A whole element's text too: a message with a link or bold in it is split across nodes.
    for (const element of document.body.querySelectorAll('p, li, h1, h2, h3, label, button, a, td, th, legend, dt, dd'))
      if (visible(element)) {
        const text = (element as HTMLElement).innerText?.replace(/\s+/g, ' ').trim();
        if (text && text.length < 400) texts.add(text);
      }
    if (document.title) texts.add(document.title);
    return [...texts];
  });
}

/**
 * The English catalogue messages on screen, as "key: text", for a page in `language`. `data` is
 * the operator's own data shown as written (its category names, which a message may repeat, as
 * the home page's slides name categories): never a catalogue message.
 */
export async function englishOnScreen(page: Page, language: string, data: ReadonlySet<string> = new Set()): Promise<string[]> {
  let patterns = patternCache.get(language);
  if (!patterns) patternCache.set(language, (patterns = englishPatterns(language)));
  const found: string[] = [];
  for (const text of await textsOnScreen(page)) {
    if (data.has(text)) continue;
    const match = patterns.find((pattern) => pattern.test.test(text));
    if (match) found.push(`${match.key}: ${text}`);
  }
  return found;
}

/** The page is in `language`, written in its direction, with no English message on it. */
export async function expectInLanguage(
  page: Page,
  language: string,
  label: string,
  data: ReadonlySet<string> = new Set(),
): Promise<void> {
  const [lang, dir] = await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
  expect(lang, label).toBe(language);
  expect(dir, label).toBe(language === 'ar' ? 'rtl' : '');
  expect(await englishOnScreen(page, language, data), `English on screen: ${label}`).toEqual([]);
}

/** The operator's category and subcategory names: its data, shown as written in every language. */
export async function categoryNames(db: Db): Promise<Set<string>> {
  const rows = [
    ...(await db.select({ name: categories.name }).from(categories)),
    ...(await db.select({ name: subcategories.name }).from(subcategories)),
  ];
  return new Set(rows.map((row) => row.name));
}
