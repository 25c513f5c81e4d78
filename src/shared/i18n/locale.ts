/** Locales for formatting numbers and dates: the deployment's region, in the language a reader reads. */

/** A tag the runtime formats with (a malformed or unknown tag is not). */
export const isUsableLocale = (locale: string) => {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0;
  } catch {
    return false; // not a well-formed tag
  }
};

const localeCache = new Map<string, string>();
/** The deployment's locale, in a language: en-US in Spanish is es-US; a locale already in it stays. */
export function localeIn(locale: string, language: string | undefined): string {
  if (!language) return locale;
  const key = `${locale}|${language}`;
  let found = localeCache.get(key);
  if (!found) {
    let base: Intl.Locale | undefined;
    try {
      base = new Intl.Locale(locale);
    } catch {
      base = undefined;
    }
    if (!base || base.language === language) found = locale;
    else {
      const region = base.region ? `-${base.region}` : '';
      // Arabic locales often write Eastern Arabic digits; prices and codes keep the Latin ones.
      const digits = language === 'ar' ? '-u-nu-latn' : '';
      const tag = `${language}${region}${digits}`;
      found = isUsableLocale(tag) ? tag : locale;
    }
    localeCache.set(key, found);
  }
  return found;
}
