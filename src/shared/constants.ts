/** Product-wide constants shared by the server and the client, so both sides agree on every limit. */

export const PRODUCT_NAME = 'LocalPros';
export const CONTACT_EMAIL = 'support@localpros.example';
export const PRIVACY_EMAIL = 'privacy@localpros.example';

export const PASSWORD_MIN_LENGTH = 8;
export const BUSINESS_DESCRIPTION_MIN_LENGTH = 10;
export const PHONE_MIN_LENGTH = 10;
export const ZIP_MAX_LENGTH = 5;
export const QUOTE_DESCRIPTION_MIN_LENGTH = 100;

export const SEARCH_PAGE_SIZE = 9;
/** Orders of search and category results; the zod schemas in schemas/company.ts re-export them. */
export const SORTS = ['topRated', 'mostReviewed', 'mostFavorited', 'distance'] as const;
export type Sort = (typeof SORTS)[number];
export const QUOTE_PAGE_SIZE = 10;
/** Companies one quote request may go to unless an admin changes it (0 = no cap). */
export const DEFAULT_MAX_COMPANIES_PER_QUOTE = 5;
/** The most companies a quote can ever hold (CreateQuoteBodySchema), whatever the platform's cap. */
export const MAX_COMPANIES_PER_QUOTE_LIMIT = 50;
export const ADMIN_COMPANIES_PAGE_SIZE = 10;
export const ADMIN_LIST_PAGE_SIZE = 20;
export const SUGGESTIONS_LIMIT = 8;
export const CAROUSEL_PER_SLIDE = 3;
export const MOBILE_BREAKPOINT_PX = 768;

export const RATING_MIN = 0.5;
export const RATING_MAX = 5;
export const MAX_COMPANY_PHOTOS = 10;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_VENDOR_MESSAGE_IMAGE_BYTES = 10 * 1024 * 1024;

export const EMAIL_CHECK_DEBOUNCE_MS = 500;
export const INPUT_HISTORY_LIMIT = 5;
export const SUGGESTION_HIDE_DELAY_MS = 200;
export const RESET_DIALOG_CLOSE_MS = 3000;
export const SIGNUP_REDIRECT_MS = 100;
export const FOOTER_SCROLL_DELAY_MS = 100;
export const TOAST_DURATION_MS = 5000;

export const WS_PING_INTERVAL_MS = 30_000;
/** The first reconnect waits about this long (3 s); each later one twice as long, jittered. */
export const WS_RECONNECT_DELAY_MS = 3000;
/** No reconnect waits longer than this. */
export const WS_RECONNECT_MAX_DELAY_MS = 30_000;

export const DEFAULT_STATE = 'CA';
export const FALLBACK_CATEGORY_ID = 4;
export const MAP_ZOOM = 16;

/** Session lifetimes: "remember me" keeps a 30-day cookie; otherwise a browser-session cookie. */
export const REMEMBER_ME_SESSION_DAYS = 30;
export const BROWSER_SESSION_DAYS = 7;
export const RESET_TOKEN_TTL_MINUTES = 60;
export const VERIFY_TOKEN_TTL_HOURS = 48;

/** The longest message a conversation takes. */
export const MESSAGE_MAX_LENGTH = 4000;

/** The id of the element a server-rendered page carries its query cache in, for the browser to hydrate from. */
export const SERVER_STATE_ELEMENT_ID = 'lp-server-state';

/** The largest id of a table with 32-bit ids (most tables; messages are 64-bit): a larger one names nothing. */
export const MAX_INT4_ID = 2_147_483_647;

/**
 * The screen a mailed data-export link opens (/data-export?token=…). Here and not beside the
 * privacy schemas: the entry script needs it, and importing those would bring zod into every page.
 */
export const DATA_EXPORT_PAGE = '/data-export';
