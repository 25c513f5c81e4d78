/**
 * Every catalogue file, by language and area. A new area's file is imported here for each
 * language (a test fails on a file on disk that is missing from this list).
 */
import arAdmin from '@/shared/i18n/catalogues/ar/admin.json';
import arAuth from '@/shared/i18n/catalogues/ar/auth.json';
import arClaims from '@/shared/i18n/catalogues/ar/claims.json';
import arCoins from '@/shared/i18n/catalogues/ar/coins.json';
import arCommon from '@/shared/i18n/catalogues/ar/common.json';
import arCompanies from '@/shared/i18n/catalogues/ar/companies.json';
import arCredentials from '@/shared/i18n/catalogues/ar/credentials.json';
import arErrors from '@/shared/i18n/catalogues/ar/errors.json';
import arFavorites from '@/shared/i18n/catalogues/ar/favorites.json';
import arImages from '@/shared/i18n/catalogues/ar/images.json';
import arInsight from '@/shared/i18n/catalogues/ar/insight.json';
import arLayout from '@/shared/i18n/catalogues/ar/layout.json';
import arLeads from '@/shared/i18n/catalogues/ar/leads.json';
import arLegal from '@/shared/i18n/catalogues/ar/legal.json';
import arMail from '@/shared/i18n/catalogues/ar/mail.json';
import arMessages from '@/shared/i18n/catalogues/ar/messages.json';
import arModeration from '@/shared/i18n/catalogues/ar/moderation.json';
import arOverrides from '@/shared/i18n/catalogues/ar/overrides.json';
import arPages from '@/shared/i18n/catalogues/ar/pages.json';
import arPrivacy from '@/shared/i18n/catalogues/ar/privacy.json';
import arQuotes from '@/shared/i18n/catalogues/ar/quotes.json';
import arRatings from '@/shared/i18n/catalogues/ar/ratings.json';
import arSearch from '@/shared/i18n/catalogues/ar/search.json';
import arTexts from '@/shared/i18n/catalogues/ar/texts.json';
import arUsers from '@/shared/i18n/catalogues/ar/users.json';
import arVendorQuotes from '@/shared/i18n/catalogues/ar/vendor-quotes.json';
import enAdmin from '@/shared/i18n/catalogues/en/admin.json';
import enAuth from '@/shared/i18n/catalogues/en/auth.json';
import enClaims from '@/shared/i18n/catalogues/en/claims.json';
import enCoins from '@/shared/i18n/catalogues/en/coins.json';
import enCommon from '@/shared/i18n/catalogues/en/common.json';
import enCompanies from '@/shared/i18n/catalogues/en/companies.json';
import enCredentials from '@/shared/i18n/catalogues/en/credentials.json';
import enErrors from '@/shared/i18n/catalogues/en/errors.json';
import enFavorites from '@/shared/i18n/catalogues/en/favorites.json';
import enImages from '@/shared/i18n/catalogues/en/images.json';
import enInsight from '@/shared/i18n/catalogues/en/insight.json';
import enLayout from '@/shared/i18n/catalogues/en/layout.json';
import enLeads from '@/shared/i18n/catalogues/en/leads.json';
import enLegal from '@/shared/i18n/catalogues/en/legal.json';
import enMail from '@/shared/i18n/catalogues/en/mail.json';
import enMessages from '@/shared/i18n/catalogues/en/messages.json';
import enModeration from '@/shared/i18n/catalogues/en/moderation.json';
import enOverrides from '@/shared/i18n/catalogues/en/overrides.json';
import enPages from '@/shared/i18n/catalogues/en/pages.json';
import enPrivacy from '@/shared/i18n/catalogues/en/privacy.json';
import enQuotes from '@/shared/i18n/catalogues/en/quotes.json';
import enRatings from '@/shared/i18n/catalogues/en/ratings.json';
import enSearch from '@/shared/i18n/catalogues/en/search.json';
import enTexts from '@/shared/i18n/catalogues/en/texts.json';
import enUsers from '@/shared/i18n/catalogues/en/users.json';
import enVendorQuotes from '@/shared/i18n/catalogues/en/vendor-quotes.json';
import esAdmin from '@/shared/i18n/catalogues/es/admin.json';
import esAuth from '@/shared/i18n/catalogues/es/auth.json';
import esClaims from '@/shared/i18n/catalogues/es/claims.json';
import esCoins from '@/shared/i18n/catalogues/es/coins.json';
import esCommon from '@/shared/i18n/catalogues/es/common.json';
import esCompanies from '@/shared/i18n/catalogues/es/companies.json';
import esCredentials from '@/shared/i18n/catalogues/es/credentials.json';
import esErrors from '@/shared/i18n/catalogues/es/errors.json';
import esFavorites from '@/shared/i18n/catalogues/es/favorites.json';
import esImages from '@/shared/i18n/catalogues/es/images.json';
import esInsight from '@/shared/i18n/catalogues/es/insight.json';
import esLayout from '@/shared/i18n/catalogues/es/layout.json';
import esLeads from '@/shared/i18n/catalogues/es/leads.json';
import esLegal from '@/shared/i18n/catalogues/es/legal.json';
import esMail from '@/shared/i18n/catalogues/es/mail.json';
import esMessages from '@/shared/i18n/catalogues/es/messages.json';
import esModeration from '@/shared/i18n/catalogues/es/moderation.json';
import esOverrides from '@/shared/i18n/catalogues/es/overrides.json';
import esPages from '@/shared/i18n/catalogues/es/pages.json';
import esPrivacy from '@/shared/i18n/catalogues/es/privacy.json';
import esQuotes from '@/shared/i18n/catalogues/es/quotes.json';
import esRatings from '@/shared/i18n/catalogues/es/ratings.json';
import esSearch from '@/shared/i18n/catalogues/es/search.json';
import esTexts from '@/shared/i18n/catalogues/es/texts.json';
import esUsers from '@/shared/i18n/catalogues/es/users.json';
import esVendorQuotes from '@/shared/i18n/catalogues/es/vendor-quotes.json';
import type { Language } from '@/shared/i18n/languages';

export type CatalogueSource = Record<string, string>;

export const CATALOGUE_SOURCES: Record<Language, Record<string, CatalogueSource>> = {
  en: {
    admin: enAdmin,
    auth: enAuth,
    claims: enClaims,
    coins: enCoins,
    common: enCommon,
    companies: enCompanies,
    credentials: enCredentials,
    errors: enErrors,
    favorites: enFavorites,
    images: enImages,
    insight: enInsight,
    layout: enLayout,
    leads: enLeads,
    legal: enLegal,
    mail: enMail,
    messages: enMessages,
    moderation: enModeration,
    overrides: enOverrides,
    pages: enPages,
    privacy: enPrivacy,
    quotes: enQuotes,
    ratings: enRatings,
    search: enSearch,
    texts: enTexts,
    users: enUsers,
    'vendor-quotes': enVendorQuotes,
  },
  es: {
    admin: esAdmin,
    auth: esAuth,
    claims: esClaims,
    coins: esCoins,
    common: esCommon,
    companies: esCompanies,
    credentials: esCredentials,
    errors: esErrors,
    favorites: esFavorites,
    images: esImages,
    insight: esInsight,
    layout: esLayout,
    leads: esLeads,
    legal: esLegal,
    mail: esMail,
    messages: esMessages,
    moderation: esModeration,
    overrides: esOverrides,
    pages: esPages,
    privacy: esPrivacy,
    quotes: esQuotes,
    ratings: esRatings,
    search: esSearch,
    texts: esTexts,
    users: esUsers,
    'vendor-quotes': esVendorQuotes,
  },
  ar: {
    admin: arAdmin,
    auth: arAuth,
    claims: arClaims,
    coins: arCoins,
    common: arCommon,
    companies: arCompanies,
    credentials: arCredentials,
    errors: arErrors,
    favorites: arFavorites,
    images: arImages,
    insight: arInsight,
    layout: arLayout,
    leads: arLeads,
    legal: arLegal,
    mail: arMail,
    messages: arMessages,
    moderation: arModeration,
    overrides: arOverrides,
    pages: arPages,
    privacy: arPrivacy,
    quotes: arQuotes,
    ratings: arRatings,
    search: arSearch,
    texts: arTexts,
    users: arUsers,
    'vendor-quotes': arVendorQuotes,
  },
};
