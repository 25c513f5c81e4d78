/**
 * Every catalogue file, by language and area. A new area's file is imported here for each
 * language (a test fails on a file on disk that is missing from this list).
 */
import arLayout from '@/shared/i18n/catalogues/ar/layout.json';
import enLayout from '@/shared/i18n/catalogues/en/layout.json';
import esLayout from '@/shared/i18n/catalogues/es/layout.json';
import type { Language } from '@/shared/i18n/languages';

export type CatalogueSource = Record<string, string>;

export const CATALOGUE_SOURCES: Record<Language, Record<string, CatalogueSource>> = {
  en: { layout: enLayout },
  es: { layout: esLayout },
  ar: { layout: arLayout },
};
