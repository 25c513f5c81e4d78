/**
 * Postal codes by country: how each is written, so that a code typed in any common way ("sw1a1aa",
 * "k1a 0b6", "1012ab") is stored and compared in one form ("SW1A 1AA", "K1A 0B6", "1012 AB"), and
 * which shorter forms name an area (a British outward code, a Canadian forward sortation area, the
 * four digits of a Dutch code) for a search near a place. Shared by the forms, the API's schemas
 * and the postal-code import, so all three accept exactly the same codes.
 *
 * A country without rules of its own here takes the general ones: letters, digits, one space or
 * hyphen between them, at least one digit, at most 10 characters, upper-cased.
 */

export interface PostalCodeRules {
  /** The code in its stored form (after `normalise`). */
  readonly pattern: RegExp;
  /** A shorter form that names an area (searched as a prefix of whole codes), in stored form. */
  readonly area?: RegExp;
  /** A code as people write it, in stored form: for placeholders and messages. */
  readonly example: string;
  /** Puts a code typed any common way into stored form (upper case, the country's one separator). */
  readonly normalise: (compact: string) => string;
}

// The zero of each run of digits a keyboard in a shipped language may type instead of 0-9 (Arabic,
// Persian, Devanagari); full-width digits become ASCII with NFKC.
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966];

/** Upper case, ASCII digits, NFKC: the form every rule reads. */
function plainOf(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(/[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g, (digit) => {
      const code = digit.charCodeAt(0);
      return String(code - DIGIT_ZEROS.findLast((zero) => code >= zero)!);
    })
    .trim()
    .toUpperCase();
}

/** Without spaces or hyphens: every country's own rules start from this. */
const compactOf = (plain: string) => plain.replace(/[\s-]+/g, '');

/** The last `tail` characters apart, as British, Canadian, Dutch and Swedish codes are written. */
const spaceBefore =
  (tail: number) =>
  (compact: string): string =>
    compact.length > tail ? `${compact.slice(0, -tail)} ${compact.slice(-tail)}` : compact;

const hyphenAfter =
  (head: number) =>
  (compact: string): string =>
    compact.length > head ? `${compact.slice(0, head)}-${compact.slice(head)}` : compact;

const asIs = (compact: string) => compact;

const digits = (count: number, example: string): PostalCodeRules => ({
  pattern: new RegExp(`^\\d{${count}}$`),
  example,
  normalise: asIs,
});

// Canadian codes leave out letters that read like digits (D, F, I, O, Q, U; W and Z never first).
const CA_FIRST = '[ABCEGHJ-NPRSTVXY]';
const CA_LETTER = '[ABCEGHJ-NPRSTV-Z]';
// Irish routing keys and unique identifiers use a reduced alphabet too.
const IE_LETTER = '[AC-FHKNPRTV-Y]';

const RULES: Readonly<Record<string, PostalCodeRules>> = {
  // ZIP or ZIP+4; the nine digits written without their hyphen get it back. No shorter form
  // names an area: a search for three digits finds what it always has.
  US: {
    pattern: /^\d{5}(-\d{4})?$/,
    example: '78701',
    normalise: (compact) => (compact.length === 9 ? hyphenAfter(5)(compact) : compact),
  },
  GB: {
    pattern: /^([A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|GIR 0AA)$/,
    area: /^[A-Z]{1,2}\d[A-Z\d]?$/,
    example: 'SW1A 1AA',
    normalise: (compact) => (compact.length >= 5 ? spaceBefore(3)(compact) : compact),
  },
  CA: {
    pattern: new RegExp(`^${CA_FIRST}\\d${CA_LETTER} \\d${CA_LETTER}\\d$`),
    area: new RegExp(`^${CA_FIRST}\\d${CA_LETTER}$`),
    example: 'K1A 0B6',
    normalise: (compact) => (compact.length === 6 ? spaceBefore(3)(compact) : compact),
  },
  IE: {
    pattern: new RegExp(`^(${IE_LETTER}\\d{2}|D6W) [\\dAC-FHKNPRTV-Y]{4}$`),
    area: new RegExp(`^(${IE_LETTER}\\d{2}|D6W)$`),
    example: 'D02 X285',
    normalise: (compact) => (compact.length === 7 ? spaceBefore(4)(compact) : compact),
  },
  // Dutch codes never end in SA, SD or SS.
  NL: {
    pattern: /^[1-9]\d{3} (?!SA|SD|SS)[A-Z]{2}$/,
    area: /^[1-9]\d{3}$/,
    example: '1012 AB',
    normalise: (compact) => (compact.length === 6 ? spaceBefore(2)(compact) : compact),
  },
  // The first two digits are the province, 01 to 52.
  ES: { pattern: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, area: /^(0[1-9]|[1-4]\d|5[0-2])$/, example: '28013', normalise: asIs },
  FR: { ...digits(5, '75001'), area: /^\d{2}$/ },
  DE: { ...digits(5, '10115'), area: /^\d{2}$/ },
  IT: { ...digits(5, '00184'), area: /^\d{2}$/ },
  MX: digits(5, '06600'),
  BE: { pattern: /^[1-9]\d{3}$/, example: '1000', normalise: asIs },
  AT: { pattern: /^[1-9]\d{3}$/, example: '1010', normalise: asIs },
  CH: { pattern: /^[1-9]\d{3}$/, example: '8001', normalise: asIs },
  DK: { pattern: /^[1-9]\d{3}$/, example: '1050', normalise: asIs },
  NO: digits(4, '0150'),
  AU: digits(4, '2000'),
  NZ: digits(4, '6011'),
  PT: { pattern: /^[1-9]\d{3}-\d{3}$/, area: /^[1-9]\d{3}$/, example: '1100-148', normalise: hyphenAfter(4) },
  SE: { pattern: /^[1-9]\d{2} \d{2}$/, example: '111 22', normalise: spaceBefore(2) },
  PL: { pattern: /^\d{2}-\d{3}$/, area: /^\d{2}$/, example: '00-950', normalise: hyphenAfter(2) },
  IN: { pattern: /^[1-9]\d{5}$/, area: /^[1-9]\d{2}$/, example: '110001', normalise: asIs },
  JP: { pattern: /^\d{3}-\d{4}$/, area: /^\d{3}$/, example: '100-0001', normalise: hyphenAfter(3) },
  BR: { pattern: /^\d{5}-\d{3}$/, area: /^\d{5}$/, example: '01310-100', normalise: hyphenAfter(5) },
};

/** Rules for a country that has none of its own here: every country's codes hold a digit. */
const GENERAL_RULES: PostalCodeRules = {
  pattern: /^(?=[^\d]*\d)[A-Z\d]+([ -][A-Z\d]+)?$/,
  example: '12345',
  normalise: asIs,
};

/** The longest postal code any country uses, with its separator (and the import's column limit). */
export const POSTAL_CODE_MAX_LENGTH = 10;

/** Longer than any code with a stray space or two: refused before any rule reads it. */
const MAX_TYPED_LENGTH = POSTAL_CODE_MAX_LENGTH + 4;

export function postalCodeRulesOf(country: string): PostalCodeRules {
  return RULES[country] ?? GENERAL_RULES;
}

/** The countries with rules of their own (the rest take the general ones). */
export const COUNTRIES_WITH_POSTAL_RULES: readonly string[] = Object.keys(RULES);

/**
 * A whole postal code of `country` in its stored form, or null when it is not one. The general
 * rules keep the code's own single space or hyphen, since they cannot know where it belongs.
 */
export function normalisePostalCode(country: string, raw: string): string | null {
  if (raw.length > MAX_TYPED_LENGTH) return null;
  const plain = plainOf(raw);
  if (!plain) return null;
  const rules = RULES[country];
  const code = rules ? rules.normalise(compactOf(plain)) : plain.replace(/\s+/g, ' ');
  const { pattern } = rules ?? GENERAL_RULES;
  return code.length <= POSTAL_CODE_MAX_LENGTH && pattern.test(code) ? code : null;
}

/**
 * What a search's place names, read as a postal code of `country`: a whole code, or an area's
 * shorter form where the country has one; null when it is neither (a place name, say).
 */
export function postalPlaceOf(country: string, raw: string): { kind: 'code' | 'area'; code: string } | null {
  const whole = normalisePostalCode(country, raw);
  if (whole) return { kind: 'code', code: whole };
  const area = RULES[country]?.area;
  if (!area || raw.length > MAX_TYPED_LENGTH) return null;
  const compact = compactOf(plainOf(raw));
  return compact.length <= POSTAL_CODE_MAX_LENGTH && area.test(compact) ? { kind: 'area', code: compact } : null;
}

/**
 * The area a stored code (whole or itself an area) lies in, in the area's stored form, or null
 * where the country names no areas: the part before the separator when that is an area (a
 * British outward code, which may be two to four characters), else the longest leading part that
 * is one (a French département's two digits, an Indian sorting district's three).
 */
export function postalAreaOf(country: string, code: string): string | null {
  const area = RULES[country]?.area;
  if (!area) return null;
  const head = code.split(/[ -]/)[0];
  if (area.test(head)) return head;
  for (let length = head.length - 1; length > 0; length--) {
    if (area.test(head.slice(0, length))) return head.slice(0, length);
  }
  return null;
}
