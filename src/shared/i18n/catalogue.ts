/**
 * The message catalogues: one JSON file per language and area, `catalogues/{language}/{area}.json`,
 * each key starting with its area's name. English is the source; every shipped language has the
 * same keys (a test holds this). Messages are ICU MessageFormat: `{name}`, plurals, selects, and
 * `<0>…</0>` around text a component wraps (a link, bold type).
 *
 * Only types are imported here: the browser fetches its language's catalogue from the server
 * (`/api/i18n/{language}`), so no catalogue is in any script chunk.
 */
import type layout from './catalogues/en/layout.json';

type EnglishCatalogue = typeof layout;

/** A key of the catalogue (English holds every key). */
export type MessageKey = keyof EnglishCatalogue;

/** Values a message's placeholders take. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** The areas whose messages the browser gets; server-only areas (mails, texts) never leave the server. */
export const SERVER_ONLY_AREAS: readonly string[] = [];

/** A catalogue compiled for Lingui: a literal message stays a string, any other its compiled parts. */
export type CompiledMessages = Record<string, string | unknown[]>;
