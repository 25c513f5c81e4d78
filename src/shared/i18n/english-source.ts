/**
 * The texts the API and the shared schemas write are English sentences, set where a rule refuses
 * something ("Email is required", "Maximum 5 photos"), and promised as such to API callers. Their
 * translations live in the `errors` area under a key that is the English sentence itself, as
 * gettext does: `"errors.Email is required"`, or, for a sentence with a changing part, the
 * sentence with a placeholder: `"errors.Maximum {max} photos"`. So a text is translated by its
 * words alone, in the browser as on the server, without a table from English to keys.
 */
export const ENGLISH_SOURCE_AREA = 'errors';
const PREFIX = `${ENGLISH_SOURCE_AREA}.`;

export interface EnglishSourceMatch {
  key: string;
  values: Record<string, string>;
}

interface Pattern {
  key: string;
  names: string[];
  test: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The keys whose sentence has a placeholder, each as a pattern that reads the placeholders back. */
function patternsOf(keys: readonly string[]): Pattern[] {
  const patterns: Pattern[] = [];
  for (const key of keys) {
    if (!key.startsWith(PREFIX) || !key.includes('{')) continue;
    const sentence = key.slice(PREFIX.length);
    const names: string[] = [];
    const source = sentence
      .split(/(\{[A-Za-z0-9_]+\})/)
      .map((part) => {
        const name = /^\{([A-Za-z0-9_]+)\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    patterns.push({ key, names, test: new RegExp(`^${source}$`, 's') });
  }
  // The longest sentence first, so that a more precise pattern wins over a looser one.
  return patterns.sort((a, b) => b.key.length - a.key.length);
}

const patternCache = new WeakMap<object, Pattern[]>();

/**
 * The catalogue key of an English text and the values of its placeholders, or null when the
 * catalogue has no translation for it (the text is then shown as written).
 */
export function findEnglishSource(messages: Record<string, unknown>, text: string): EnglishSourceMatch | null {
  if (!text) return null;
  const exact = PREFIX + text;
  if (exact in messages) return { key: exact, values: {} };
  let patterns = patternCache.get(messages);
  if (!patterns) {
    patterns = patternsOf(Object.keys(messages));
    patternCache.set(messages, patterns);
  }
  for (const pattern of patterns) {
    const found = pattern.test.exec(text);
    if (found)
      return { key: pattern.key, values: Object.fromEntries(pattern.names.map((name, i) => [name, found[i + 1] ?? ''])) };
  }
  return null;
}

/** How deep the changing parts of a sentence are looked up in turn ("{reason} Please try again in {wait}."). */
const MAX_DEPTH = 2;

/**
 * An English text in the catalogue's language: its translation, the changing parts filled — each
 * translated too when it is a known sentence itself, two levels deep (a count read back from the
 * sentence is a numeric string, which Lingui's plurals take as the number); the text as written
 * when the catalogue does not know it. `format` says a key with values in that language.
 */
export function translateByWords(
  messages: Record<string, unknown>,
  text: string,
  format: (key: string, values: Record<string, string>) => string,
  depth = 0,
): string {
  const found = findEnglishSource(messages, text);
  if (!found) return text;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(found.values))
    values[name] = depth < MAX_DEPTH ? translateByWords(messages, value, format, depth + 1) : value;
  return format(found.key, values);
}
