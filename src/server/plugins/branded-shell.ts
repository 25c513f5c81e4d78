/**
 * index.html under the operator's brand: its name in the title and the header bar painted before
 * the scripts, its logo there, its favicon, its colour as the browser's theme colour and as the
 * palette the screens' classes read (a style element of CSS variables). The product's own brand
 * leaves the file as built.
 */
import { escapeHtml } from '@/server/lib/html';
import { brandPalette, DEFAULT_BRAND, type Brand } from '@/shared/brand';
import { objectUrlOf } from '@/shared/schemas/upload';

const DEFAULT_LOGO = '/logo.svg';
const ICON_RE = /<link\b[^>]*\brel="icon"[^>]*>/i;
const THEME_RE = /(<meta\b[^>]*\bname="theme-color"[^>]*\bcontent=")[^"]*(")/i;
const HEAD_END_RE = /<\/head>/i;

/** What tells two brands apart in a cache key. */
export const brandKey = (brand: Brand): string =>
  [brand.name, brand.primaryColor, brand.logoObjectId ?? '', brand.faviconObjectId ?? ''].join('\0');

/** The palette as a style element; none for the product's own colour. */
export function paletteStyle(brand: Brand): string {
  if (brand.primaryColor === DEFAULT_BRAND.primaryColor) return '';
  const variables = Object.entries(brandPalette(brand.primaryColor))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `<style id="brand-palette">:root{${variables}}</style>`;
}

export function brandedShell(html: string, brand: Brand): string {
  if (brandKey(brand) === brandKey(DEFAULT_BRAND)) return html;
  const name = escapeHtml(brand.name);
  // Replacement functions, so that `$&` and the like in the name stay literal.
  let branded = html.split(DEFAULT_BRAND.name).join(name);
  if (brand.logoObjectId) branded = branded.split(`src="${DEFAULT_LOGO}"`).join(`src="${objectUrlOf(brand.logoObjectId)}"`);
  if (brand.faviconObjectId)
    branded = branded.replace(ICON_RE, () => `<link rel="icon" href="${objectUrlOf(brand.faviconObjectId!)}" />`);
  branded = branded.replace(THEME_RE, (_match, before: string, after: string) => `${before}${brand.primaryColor}${after}`);
  const style = paletteStyle(brand);
  return style ? branded.replace(HEAD_END_RE, () => `  ${style}\n  </head>`) : branded;
}
