/** Quotes: the records, the draft and submit validation, and the calls. */
import { z } from 'zod';
import { postalCodeField } from './postal-code';
import { MAX_COMPANIES_PER_QUOTE_LIMIT, QUOTE_DESCRIPTION_MIN_LENGTH } from '../constants';
import { requiredText, wholeNumberText } from './common';
import { VENDOR_OUTCOMES } from './hires';
import { OfferSchema } from './offers';
import { AnswersInputSchema, StoredAnswerSchema } from './questions';

export const QUOTE_STATUSES = ['draft', 'submitted', 'in_progress', 'completed'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/**
 * A quote that still takes messages, shown as "In Progress". 'submitted' is a stored status, but
 * nothing writes it (a submit goes straight to in_progress); a row that carries it counts as in
 * progress everywhere. The transitions live in modules/quotes/quote-lifecycle.service.ts.
 */
export const OPEN_QUOTE_STATUSES = ['submitted', 'in_progress'] as const satisfies readonly QuoteStatus[];
export const isOpenQuoteStatus = (status: QuoteStatus): boolean =>
  (OPEN_QUOTE_STATUSES as readonly QuoteStatus[]).includes(status);

// Where the job is and which service it is, so that a pro's service area and services
// can be judged (a bad-lead report of "outside my service area" or "wrong service").
export const QUOTE_ZIP_MESSAGE = {
  zip: 'Enter the 5-digit ZIP code where the job is',
  postal: 'Enter the postal code where the job is',
};
export const QUOTE_ZIP_UNKNOWN_MESSAGE = { zip: 'This ZIP code is not known', postal: 'This postal code is not known' };
export const QUOTE_SERVICE_MESSAGE = "Choose a service of the quote's category";
const blankToNull = (value: unknown) => (value === '' || (typeof value === 'string' && value.trim() === '') ? null : value);
const jobFields = {
  zip: z.preprocess(blankToNull, postalCodeField(QUOTE_ZIP_MESSAGE, { usFiveDigits: true }).nullable()).optional(),
  subcategoryId: z
    .preprocess(
      blankToNull,
      z
        .number({ error: QUOTE_SERVICE_MESSAGE })
        .int(QUOTE_SERVICE_MESSAGE)
        .positive(QUOTE_SERVICE_MESSAGE)
        .max(2_147_483_647)
        .nullable(),
    )
    .optional(),
};
/** The job's ZIP code and service as a body gives them (undefined: not given, null: cleared). */
export type QuoteJobFields = { zip?: string | null; subcategoryId?: number | null };

/**
 * Where the customer picked the companies of a new request: a search's results, a category's
 * listing, or either one showing only their favourites (the listings are where a request starts).
 */
export const REQUEST_SOURCES = ['search', 'category', 'favorites'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

/** POST /api/quotes: a draft addressed to companies of one category. */
export const CreateQuoteBodySchema = z.object({
  quoteName: requiredText('Quote name is required', 200),
  description: z.string().max(10_000, 'Description must be at most 10000 characters').default(''),
  companyIds: z
    .array(z.number({ error: 'Company ids must be numbers' }).int().positive().max(2_147_483_647), {
      error: 'You need at least one company in your quote.',
    })
    .min(1, 'You need at least one company in your quote.')
    .max(MAX_COMPANIES_PER_QUOTE_LIMIT, `A quote can go to at most ${MAX_COMPANIES_PER_QUOTE_LIMIT} companies`),
  ...jobFields,
  /** Answers to the category's questions (none required on a draft). */
  answers: AnswersInputSchema.optional(),
  /** Where the companies were picked (the pros' insight counts requests by it). */
  source: z.enum(REQUEST_SOURCES, { error: 'Source must be search, category or favorites' }).optional(),
});
export type CreateQuoteBody = z.infer<typeof CreateQuoteBodySchema>;

/** The refusal of a quote to companies that paused new requests. */
export const notTakingRequestsMessage = (names: string[]) =>
  names.length === 1
    ? `${names[0]} is not taking new requests right now`
    : `${names.join(', ')} are not taking new requests right now`;
/** What the customer is told of a company a draft would leave out (and, after sending, did). */
export const leftOutMessage = (reason: QuoteCompanyLeftOut, job: { zip: string | null; service: string | null }) =>
  reason === 'paused'
    ? 'Not taking new requests right now'
    : reason === 'outside_area'
      ? `Does not work in ZIP code ${job.zip ?? ''}`.trim()
      : `Does not take requests for ${job.service ?? 'this service'}`;
export const NO_COMPANY_TAKES_JOB_MESSAGE =
  'None of the companies in this quote works where the job is or takes this service. Change the ZIP code or service, or start a new quote with other companies.';
export const NO_COMPANY_TAKING_REQUESTS_MESSAGE =
  'None of the companies in this quote is taking new requests right now. Start a new quote with other companies.';

/** The platform's cap on companies per quote, refused with this text past it. */
export { tooManyCompaniesMessage } from '../listing-words';

/** GET /api/quote-rules: what the customer's selection must keep to (0 = no cap). */
export const QuoteRulesSchema = z.object({ maxCompaniesPerQuote: z.number().int().min(0) });
export type QuoteRules = z.infer<typeof QuoteRulesSchema>;

/**
 * Why sending a draft now would leave a company out: it paused new requests, the job's ZIP code is
 * outside its service area, or it does not take the job's service.
 */
export const QUOTE_COMPANY_LEFT_OUT = ['paused', 'outside_area', 'outside_services'] as const;
export type QuoteCompanyLeftOut = (typeof QUOTE_COMPANY_LEFT_OUT)[number];

export const QuoteCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  logo: z.string().nullable(),
  logoObjectId: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  /** Drafts only (null past draft): why sending now would leave this company out, or null. */
  leftOut: z.enum(QUOTE_COMPANY_LEFT_OUT).nullable(),
});

export const QuoteImageSchema = z.object({
  id: z.number(),
  objectUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  caption: z.string().nullable(),
});

export const QuoteSchema = z.object({
  id: z.number(),
  userId: z.number(),
  quoteName: z.string(),
  description: z.string(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  /** The category the quote is sent in (its companies'). */
  categoryId: z.number().nullable(),
  /** Where the job is and the service asked for, when the customer said. */
  zip: z.string().nullable(),
  subcategoryId: z.number().nullable(),
  companies: z.array(QuoteCompanySchema),
  companyCount: z.number(),
  images: z.array(QuoteImageSchema),
  /** The answers to the category's questions, with each question's wording as it was asked. */
  answers: z.array(StoredAnswerSchema),
  /** How the request ended: a hire or the customer's close (null while open, or completed otherwise). */
  outcome: z.enum(['hired', 'closed']).nullable(),
  /**
   * On submit only: the companies left out, and why — paused new requests, or the job lies outside
   * their service area or services (the draft's `leftOut` said so before sending).
   */
  skippedCompanies: z.array(z.object({ id: z.number(), name: z.string(), reason: z.enum(QUOTE_COMPANY_LEFT_OUT) })).optional(),
});
export type Quote = z.infer<typeof QuoteSchema>;

// ───────────── the quote loop ─────────────

export const QUOTE_DESCRIPTION_SAVE_MESSAGE = 'Description must be at least 100 characters long.';
export const QUOTE_DESCRIPTION_SUBMIT_MESSAGE = 'Description must be at least 100 characters long before submitting.';
export const QUOTE_NEEDS_COMPANY_MESSAGE = 'You need at least one company in your quote.';
export const QUOTE_NOT_DRAFT_MESSAGE = 'This quote is no longer in draft mode and cannot be edited';
export const QUOTE_FORBIDDEN_MESSAGE =
  "You don't have permission to view or edit this quote. This quote belongs to another user.";

const quoteDescription = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(QUOTE_DESCRIPTION_MIN_LENGTH, message)
    .max(10_000, 'Description must be at most 10000 characters');

/** PUT /api/quotes/{id} (Save Draft). */
export const UpdateQuoteBodySchema = z.object({
  quoteName: requiredText('Quote name is required', 200),
  description: quoteDescription(QUOTE_DESCRIPTION_SAVE_MESSAGE),
  ...jobFields,
  /** The draft's answers to its category's questions; absent: left as they are. */
  answers: AnswersInputSchema.optional(),
});
export type UpdateQuoteBody = z.infer<typeof UpdateQuoteBodySchema>;

/** POST /api/quotes/{id}/submit. */
export const SubmitQuoteBodySchema = z.object({
  quoteName: requiredText('Quote name is required', 200),
  description: quoteDescription(QUOTE_DESCRIPTION_SUBMIT_MESSAGE),
  ...jobFields,
  /** Absent: the draft's saved answers. Every required question must be answered by now. */
  answers: AnswersInputSchema.optional(),
});

export const QuoteListQuerySchema = z.object({
  page: wholeNumberText(z.number().int().min(1).max(10_000)).catch(1).default(1),
  pageSize: wholeNumberText(z.number().int().min(1).max(1000)).catch(10).default(10),
  status: z.enum(QUOTE_STATUSES).optional().catch(undefined),
});

export const QuoteSummarySchema = z.object({
  id: z.number(),
  userId: z.number(),
  quoteName: z.string(),
  description: z.string(),
  status: z.enum(QUOTE_STATUSES),
  createdAt: z.string(),
  companyCount: z.number(),
  /** Messages from companies the customer has not read yet. */
  unreadCount: z.number(),
});
export type QuoteSummary = z.infer<typeof QuoteSummarySchema>;

export const QuoteListSchema = z.object({
  data: z.array(QuoteSummarySchema),
  total: z.number(),
  totalPages: z.number(),
  /** Every status of the caller's quotes, from one grouped query (not a 1,000-row page). */
  counts: z.object({ total: z.number(), draft: z.number(), in_progress: z.number(), completed: z.number() }),
});
export type QuoteList = z.infer<typeof QuoteListSchema>;

/**
 * What a message records besides its words: an offer made, revised or withdrawn (the company's),
 * or how the request ended for this company (the product's note, sender 'system').
 */
export const MESSAGE_EVENTS = [
  'offer_made',
  'offer_revised',
  'offer_withdrawn',
  'hired',
  'not_chosen',
  'request_closed',
] as const;
export type MessageEventKind = (typeof MESSAGE_EVENTS)[number];

export const MessageSchema = z.object({
  id: z.number(),
  quoteId: z.number(),
  companyId: z.number(),
  senderId: z.number().nullable(),
  /** 'system': the product's note in the conversation (how the request ended), from neither side. */
  senderType: z.enum(['user', 'company', 'system']),
  event: z.enum(MESSAGE_EVENTS).nullable(),
  /** The offer version this message made or withdrew. */
  offer: OfferSchema.nullable(),
  message: z.string().nullable(),
  imageObjectId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
  /**
   * A moderator hid the message ('hidden': the other party reads a placeholder instead of its
   * words) or removed it ('removed': its words are erased for both); null otherwise.
   */
  moderationState: z.enum(['hidden', 'removed']).nullable().optional(),
});
export type Message = z.infer<typeof MessageSchema>;

export { MESSAGE_MAX_LENGTH } from '../constants';
export const MESSAGE_EMPTY_MESSAGE = 'Please enter a message or select an image';

export const CoinInfoSchema = z.object({ deducted: z.boolean(), coinCost: z.number(), newBalance: z.number() });
export const PostMessageResponseSchema = z.object({ message: MessageSchema, coinInfo: CoinInfoSchema.optional() });

export const ConversationSchema = z.object({
  companyId: z.number(),
  company: z.object({ id: z.number(), name: z.string(), logo: z.string().nullable(), logoObjectId: z.string().nullable() }),
  lastMessage: MessageSchema.nullable(),
  unreadCount: z.number(),
  /** When the company said "Not interested" (the conversation is closed), or null. */
  declinedAt: z.string().nullable(),
  /** When the conversation closed because the lead's coins came back on the company's report, or null. */
  closedAt: z.string().nullable(),
  /** The company's standing offer (null: none, or withdrawn). */
  offer: OfferSchema.nullable(),
  /** This company's side of how the request ended: hired, not chosen, or null (open, or closed without a hire). */
  outcome: z.enum(VENDOR_OUTCOMES).nullable(),
});

export const CoinCostSchema = z.object({
  coinCost: z.number(),
  canAfford: z.boolean(),
  userBalance: z.number(),
  hasReplied: z.boolean(),
  /** Shown before paying, so a pro can weigh the lead: the companies the request went to, and those that replied. */
  companyCount: z.number(),
  repliedCount: z.number(),
  /** The company's coins spent on first replies this week, and its weekly cap (null: none). */
  weeklySpend: z.number(),
  weeklyCoinCap: z.number().nullable(),
  /**
   * To the company only (null for the customer, or where the request did not say): whether the
   * job's ZIP code lay outside its service area, or its service outside the services it takes,
   * when the request was sent. Shown before paying, so a reply made knowing it is not credited for it.
   */
  outsideServiceArea: z.boolean().nullable(),
  outsideServices: z.boolean().nullable(),
});

export const VendorQuoteRowSchema = z.object({
  quoteId: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  quoteName: z.string(),
  description: z.string(),
  status: z.enum(QUOTE_STATUSES),
  userFirstName: z.string(),
  userLastName: z.string(),
  unreadCount: z.number(),
  lastMessage: z
    .object({
      senderType: z.enum(['user', 'company', 'system']),
      message: z.string().nullable(),
      event: z.enum(MESSAGE_EVENTS).nullable(),
    })
    .nullable(),
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
  /** When the company declined the request; declined requests are moved aside in the inbox. */
  declinedAt: z.string().nullable(),
  /** Closed because the lead's coins came back on the company's report, or null. */
  closedAt: z.string().nullable(),
  /** The job's ZIP code, and whether it (or its service) lay outside the company's preferences when sent. */
  jobZip: z.string().nullable(),
  outsideServiceArea: z.boolean().nullable(),
  outsideServices: z.boolean().nullable(),
  /** The inbox's "Hired" and "Not chosen" groups: this company's side of how the request ended. */
  outcome: z.enum(VENDOR_OUTCOMES).nullable(),
});

/** What a declined conversation answers a message (either side). */
export const declinedMessage = (companyName: string) => `${companyName} is not interested in this request`;
/** What a conversation closed by a credited report answers a message. */
export const closedConversationMessage = (side: 'user' | 'company', companyName: string) =>
  side === 'company'
    ? "This lead's coins came back after your report, so the conversation is closed"
    : `${companyName} closed this conversation`;
export const DECLINE_AFTER_REPLY_MESSAGE = 'You have already replied to this request, so it can no longer be declined';

export const CountSchema = z.object({ count: z.number() });
