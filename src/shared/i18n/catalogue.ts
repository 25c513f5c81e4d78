/**
 * The message catalogues: one JSON file per language and area, `catalogues/{language}/{area}.json`,
 * each key starting with its area's name. English is the source; every shipped language has the
 * same keys (a test holds this). Messages are ICU MessageFormat: `{name}`, plurals, selects, and
 * `<0>…</0>` around text a component wraps (a link, bold type).
 *
 * Only types are imported here: the browser fetches its language's catalogue from the server
 * (`/api/i18n/{language}`), so no catalogue is in any script chunk.
 */
import type admin from './catalogues/en/admin.json';
import type auth from './catalogues/en/auth.json';
import type claims from './catalogues/en/claims.json';
import type coins from './catalogues/en/coins.json';
import type common from './catalogues/en/common.json';
import type companies from './catalogues/en/companies.json';
import type credentials from './catalogues/en/credentials.json';
import type errors from './catalogues/en/errors.json';
import type favorites from './catalogues/en/favorites.json';
import type images from './catalogues/en/images.json';
import type insight from './catalogues/en/insight.json';
import type layout from './catalogues/en/layout.json';
import type leads from './catalogues/en/leads.json';
import type legal from './catalogues/en/legal.json';
import type mail from './catalogues/en/mail.json';
import type messages from './catalogues/en/messages.json';
import type moderation from './catalogues/en/moderation.json';
import type overrides from './catalogues/en/overrides.json';
import type pages from './catalogues/en/pages.json';
import type privacy from './catalogues/en/privacy.json';
import type quotes from './catalogues/en/quotes.json';
import type ratings from './catalogues/en/ratings.json';
import type search from './catalogues/en/search.json';
import type texts from './catalogues/en/texts.json';
import type users from './catalogues/en/users.json';
import type vendorQuotes from './catalogues/en/vendor-quotes.json';

type EnglishCatalogue = typeof admin &
  typeof auth &
  typeof claims &
  typeof coins &
  typeof common &
  typeof companies &
  typeof credentials &
  typeof errors &
  typeof favorites &
  typeof images &
  typeof insight &
  typeof layout &
  typeof leads &
  typeof legal &
  typeof mail &
  typeof messages &
  typeof moderation &
  typeof overrides &
  typeof pages &
  typeof privacy &
  typeof quotes &
  typeof ratings &
  typeof search &
  typeof texts &
  typeof users &
  typeof vendorQuotes;

/** A key of the catalogue (English holds every key). */
export type MessageKey = keyof EnglishCatalogue;

/** Values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** The areas whose messages the browser gets; server-only areas (mails, texts) never leave the server. */
export const SERVER_ONLY_AREAS: readonly string[] = ['mail', 'texts'];

/** A catalogue compiled for Lingui: a literal message stays a string, any other its compiled parts. */
export type CompiledMessages = Record<string, string | unknown[]>;
