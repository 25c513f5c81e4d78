/**
 * The catalogues hold together: every shipped language has exactly English's keys, every message
 * parses and needs the same placeholders and tags as its English source, every key is used
 * somewhere in the code, and the server loads every file on disk.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SOURCES } from '@/server/modules/i18n/catalogue-sources';
import { ENGLISH_SOURCE_AREA } from './english-source';
import { inspectMessage } from './inspect-message';
import { LANGUAGE_CODES, SOURCE_LANGUAGE, type Language } from './languages';

const root = path.resolve(import.meta.dirname, '../../..');
const cataloguesDir = path.join(import.meta.dirname, 'catalogues');
const areasOf = (language: string) =>
  readdirSync(path.join(cataloguesDir, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
const read = (language: string, area: string) =>
  JSON.parse(readFileSync(path.join(cataloguesDir, language, `${area}.json`), 'utf8')) as Record<string, string>;
const english = new Map(areasOf(SOURCE_LANGUAGE).map((area) => [area, read(SOURCE_LANGUAGE, area)]));

describe('the catalogues', () => {
  it('ship one folder per language, each with the same area files, loaded by the server', () => {
    expect(readdirSync(cataloguesDir).sort()).toEqual([...LANGUAGE_CODES].sort());
    for (const language of LANGUAGE_CODES) {
      expect(areasOf(language), language).toEqual([...english.keys()]);
      expect(Object.keys(CATALOGUE_SOURCES[language]).sort(), language).toEqual([...english.keys()]);
      for (const area of english.keys())
        expect(CATALOGUE_SOURCES[language][area], `${language}/${area}`).toEqual(read(language, area));
    }
  });

  it("name each key after its area's file", () => {
    for (const [area, messages] of english)
      for (const key of Object.keys(messages)) expect(key.startsWith(`${area}.`), `${key} in ${area}.json`).toBe(true);
  });

  it('give each English-source sentence its own words in English', () => {
    const problems = Object.entries(english.get(ENGLISH_SOURCE_AREA) ?? {}).filter(
      ([key, text]) =>
        !/[{]/.test(key.slice(ENGLISH_SOURCE_AREA.length + 1)) && text !== key.slice(ENGLISH_SOURCE_AREA.length + 1),
    );
    expect(problems).toEqual([]);
  });

  it.each(LANGUAGE_CODES.filter((language) => language !== SOURCE_LANGUAGE))(
    '%s has every English key and no other, each needing what the English needs',
    (language: Language) => {
      const problems: string[] = [];
      for (const [area, source] of english) {
        const translated = read(language, area);
        for (const key of Object.keys(source)) if (!(key in translated)) problems.push(`missing ${key}`);
        for (const key of Object.keys(translated)) if (!(key in source)) problems.push(`not in English: ${key}`);
        for (const [key, text] of Object.entries(translated)) {
          if (!(key in source) || !text.trim()) continue;
          const want = inspectMessage(source[key]);
          const got = inspectMessage(text);
          if ('error' in got) problems.push(`${key} does not parse: ${got.error}`);
          else if ('error' in want) continue;
          else if (JSON.stringify(got) !== JSON.stringify(want))
            problems.push(`${key} needs ${JSON.stringify(got)}, English ${JSON.stringify(want)}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('parse in English', () => {
    const problems: string[] = [];
    for (const messages of english.values())
      for (const [key, text] of Object.entries(messages)) {
        const inspected = inspectMessage(text);
        if ('error' in inspected) problems.push(`${key}: ${inspected.error}`);
      }
    expect(problems).toEqual([]);
  });

  it('hold no key the code never names', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) sources.push(readFileSync(file, 'utf8'));
      }
    };
    walk(path.join(root, 'src'));
    const code = sources.join('\n');
    // A key of the English-source area is its sentence: the code writes the sentence, or, when it
    // has a changing part, its longest fixed part.
    const named = (key: string) => {
      if (!key.startsWith(`${ENGLISH_SOURCE_AREA}.`))
        return code.includes(`'${key}'`) || code.includes(`"${key}"`) || code.includes(`\`${key}\``);
      const parts = key.slice(ENGLISH_SOURCE_AREA.length + 1).split(/\{[A-Za-z0-9_]+\}/);
      const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), '');
      return code.includes(longest);
    };
    const unused = [...english.values()].flatMap((messages) => Object.keys(messages)).filter((key) => !named(key));
    expect(unused).toEqual([]);
  });
});
