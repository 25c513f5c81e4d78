/**
 * Every error answer is `{success: false, error, code}`: `error` is the text shown to people
 * (it may be reworded), `code` a stable word for programs, and, when the refusal is about one
 * input, `field` names it (schemas/common.ts). The client decides on codes and fields, never on
 * wording. This table is the one place a code gets its HTTP status.
 */
export const ERROR_STATUS = {
  // Generic, for refusals no screen treats specially.
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  UNAVAILABLE: 503,

  // Accounts and access.
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  ADMIN_ONLY: 403,
  CROSS_SITE_REFUSED: 403,
  EMAIL_TAKEN: 409,
  PHONE_REQUIRED: 400,

  // Quotes and their conversations.
  QUOTE_NOT_DRAFT: 400,
  QUOTE_NEEDS_COMPANY: 400,
  QUOTE_TOO_MANY_COMPANIES: 400,
  COMPANY_NOT_TAKING_REQUESTS: 400,
  /** None of a draft's companies works where the job is or takes its service. */
  NO_COMPANY_TAKES_JOB: 400,
  QUOTE_FORBIDDEN: 403,
  COMPANY_NOT_IN_QUOTE: 403,
  QUOTE_NOT_SUBMITTED: 400,
  QUOTE_COMPLETED: 400,
  MESSAGE_EMPTY: 400,
  REQUEST_DECLINED: 400,
  /** The lead's coins came back on the company's report: the conversation takes no more messages. */
  CONVERSATION_CLOSED: 400,
  REQUEST_ALREADY_ANSWERED: 409,

  // Coins and payments.
  INSUFFICIENT_COINS: 402,
  REPLY_COST_UNCONFIRMED: 409,
  WEEKLY_CAP_REACHED: 409,

  // What only the server can check of a job's or a service area's fields: the screens
  // put each under its field.
  QUOTE_ZIP_UNKNOWN: 400,
  QUOTE_SERVICE_NOT_IN_CATEGORY: 400,
  SERVICE_ZIPS_UNKNOWN: 400,
  SERVICE_NOT_LISTED: 400,

  // Bad-lead reports.
  LEAD_NOT_REPORTABLE: 400,
  /** The reason was shown to the company before it paid (outside its recorded area or services). */
  LEAD_REASON_KNOWN_BEFORE_PAYING: 400,
  LEAD_ALREADY_REPORTED: 409,
  LEAD_REPORT_DECIDED: 409,
  PAYMENT_NOT_COMPLETED: 402,
  SHOP_CLOSED: 503,

  // Questions, offers and how a request ends.
  /** An answer to a category's question is missing (on submit), of the wrong kind, or not asked. */
  QUOTE_ANSWER_INVALID: 400,
  /** An offer in a currency other than the product's, or with more decimals than it has. */
  OFFER_CURRENCY: 400,
  OFFER_PRICE_DECIMALS: 400,
  /** Withdrawing with no standing offer. */
  NO_OFFER: 400,
  /** The customer already hired or closed: offers no longer change. */
  OFFER_AFTER_DECISION: 409,
  /** Hiring or closing a request that is already completed. */
  QUOTE_ALREADY_DECIDED: 409,
  /** Hiring or closing a draft. */
  QUOTE_NOT_OPEN: 400,
  /** Hiring a company that has not replied. */
  HIRE_NEEDS_REPLY: 400,
  /** Hiring a company that declined, whose conversation closed, or that is deactivated. */
  HIRE_COMPANY_UNAVAILABLE: 400,
  /** The offer accepted is no longer the company's standing one (revised or withdrawn meanwhile). */
  OFFER_CHANGED: 409,

  // Reviews and claims.
  REVIEW_NEEDS_QUOTE: 403,
  REVIEW_EXISTS: 409,
  REVIEW_REMOVED: 403,
  CLAIM_OWNED_BY_ANOTHER: 409,
  CLAIM_ALREADY_REDEEMED: 409,

  // Credentials.
  /** A company keeps at most MAX_CREDENTIALS_PER_COMPANY credentials. */
  CREDENTIAL_LIMIT_REACHED: 400,
  /** Deciding a credential that is not waiting for a decision (already verified, rejected or expired). */
  CREDENTIAL_ALREADY_DECIDED: 409,
  /** The credential (its document, details, or its company's name or owner) changed since the admin opened it. */
  CREDENTIAL_CHANGED: 409,
  // Reports and moderation.
  /** Reporting one's own listing, review, photo or message. */
  REPORT_OWN_ITEM: 403,
  /** Reporting a message of a conversation one takes no part in. */
  REPORT_NOT_PARTY: 403,
  /** A product note in a conversation, or an item a moderator already removed. */
  ITEM_NOT_REPORTABLE: 400,
  ALREADY_REPORTED: 409,
  MODERATION_CASE_DECIDED: 409,
  /** Appealing what was not hidden, or someone else's item. */
  APPEAL_NOT_ALLOWED: 400,
  ALREADY_APPEALED: 409,
  /** Re-activating a listing a moderator hid or removed. */
  LISTING_MODERATED: 403,
  // Personal data: the copy of a user's data and deleting the account.
  /** The password given to confirm deleting the account is not the account's. */
  WRONG_PASSWORD: 400,
  EXPORT_IN_PROGRESS: 409,
  EXPORT_LINK_UNKNOWN: 404,
  EXPORT_LINK_USED: 410,
  EXPORT_LINK_EXPIRED: 410,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
/** The codes answered with HTTP status `S`. */
export type ErrorCodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_STATUS)[C] extends S ? C : never;
}[ErrorCode];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, value);
