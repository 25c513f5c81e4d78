/**
 * The operator's brand: the site's name, its logo and favicon, its primary colour and the address
 * visitors write to for help. Set in Platform Settings, shown in the header, the footer, titles,
 * structured data and mails; the defaults are the product's own.
 *
 * The primary colour is the one the interface writes links and buttons in: text in it on white
 * (and on its palest tint, the selected rows and notices) and white text on it must both be
 * readable, so it is refused unless its contrast with each is at least 4.5:1 (WCAG 2 AA for body
 * text).
 */
import { PRODUCT_NAME } from './constants';

export interface Brand {
  name: string;
  /** `#rrggbb`. */
  primaryColor: string;
  /** Where visitors write for help; '' for none. */
  supportEmail: string;
  /** Stored objects (`/api/objects/{id}`); null for the product's own. */
  logoObjectId: string | null;
  faviconObjectId: string | null;
}

export const DEFAULT_BRAND: Readonly<Brand> = Object.freeze({
  name: PRODUCT_NAME,
  primaryColor: '#1d4ed8',
  supportEmail: '',
  logoObjectId: null,
  faviconObjectId: null,
});

/** The Platform Settings keys the brand is stored under. */
export const BRAND_SETTING_KEYS = [
  'brand_name',
  'brand_primary_color',
  'brand_support_email',
  'brand_logo_object_id',
  'brand_favicon_object_id',
] as const;

export const BRAND_NAME_MAX_LENGTH = 60;
export const MIN_CONTRAST = 4.5;

/** The share of the colour in its palest tint (`bg-blue-50` and the like), mixed with white. */
const PALEST_TINT_SHARE = 0.06;

const HEX_COLOUR = /^#[0-9a-f]{6}$/;

export const isHexColour = (value: string): boolean => HEX_COLOUR.test(value);

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `hex` mixed with white (`share` of the colour) or, for a negative share, darkened toward black. */
export function mixColour(hex: string, share: number, other: 'white' | 'black'): string {
  const base = other === 'white' ? 255 : 0;
  return toHex(channels(hex).map((c) => c * share + base * (1 - share)));
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The colour's lowest contrast where the interface uses it: on white and on its palest tint. */
export function primaryColourContrast(hex: string): number {
  return Math.min(contrastRatio(hex, '#ffffff'), contrastRatio(hex, mixColour(hex, PALEST_TINT_SHARE, 'white')));
}

/**
 * The interface's palette from the primary colour, as the CSS variables its classes read (the
 * blue scale the screens are written in): the colour itself for links, buttons and focus rings,
 * darker shades for hover and headings, tints of it mixed with white for backgrounds and borders.
 */
export function brandPalette(hex: string): Record<string, string> {
  return {
    '--color-blue-50': mixColour(hex, PALEST_TINT_SHARE, 'white'),
    '--color-blue-100': mixColour(hex, 0.12, 'white'),
    '--color-blue-200': mixColour(hex, 0.25, 'white'),
    '--color-blue-300': mixColour(hex, 0.4, 'white'),
    '--color-blue-600': hex,
    '--color-blue-700': hex,
    '--color-blue-800': mixColour(hex, 0.8, 'black'),
    '--color-blue-900': mixColour(hex, 0.6, 'black'),
  };
}

/** The brand from stored settings; a missing or unusable value is the default's. */
export function brandFromSettings(settings: ReadonlyMap<string, string>): Brand {
  const name = settings.get('brand_name')?.trim();
  const colour = settings.get('brand_primary_color')?.toLowerCase();
  return {
    name: name || DEFAULT_BRAND.name,
    primaryColor: colour && isHexColour(colour) ? colour : DEFAULT_BRAND.primaryColor,
    supportEmail: settings.get('brand_support_email') ?? '',
    logoObjectId: settings.get('brand_logo_object_id') || null,
    faviconObjectId: settings.get('brand_favicon_object_id') || null,
  };
}
