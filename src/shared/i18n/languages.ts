/**
 * The languages the interface ships in, and how a visitor's language is chosen among those an
 * operator offers. English is the source every other catalogue translates.
 */
export const SHIPPED_LANGUAGES = {
  en: { name: 'English', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
} as const;

export type Language = keyof typeof SHIPPED_LANGUAGES;
export const LANGUAGE_CODES = Object.keys(SHIPPED_LANGUAGES) as Language[];
export const SOURCE_LANGUAGE: Language = 'en';

/** The cookie a visitor's own choice is kept in (a year; the profile keeps a signed-in user's). */
export const LANGUAGE_COOKIE = 'lp_lang';
/** The address parameter that asks for a page in one language (the `hreflang` alternates use it). */
export const LANGUAGE_PARAM = 'lang';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(SHIPPED_LANGUAGES, value);

export const directionOf = (language: Language): 'ltr' | 'rtl' => SHIPPED_LANGUAGES[language].dir;

/**
 * The offered language an `Accept-Language` header prefers most, by its q-values (a region
 * matches its language: "es-MX" picks "es"), or null when it names none of them.
 */
export function preferredLanguage(header: string | undefined, offered: readonly Language[]): Language | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((range) => range.tag && Number.isFinite(range.q) && range.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranges) {
    if (tag === '*') return offered[0] ?? null;
    const base = tag.split('-')[0];
    const match = offered.find((language) => language === base);
    if (match) return match;
  }
  return null;
}

/**
 * A request's language: the address's `?lang=`, then the visitor's saved choice, then their
 * browser's preference, then the operator's default — each only if offered.
 */
export function chooseLanguage(
  asked: { param?: string | null; cookie?: string | null; acceptLanguage?: string },
  offered: readonly Language[],
  fallback: Language,
): Language {
  for (const candidate of [asked.param, asked.cookie]) if (isLanguage(candidate) && offered.includes(candidate)) return candidate;
  return preferredLanguage(asked.acceptLanguage, offered) ?? fallback;
}
