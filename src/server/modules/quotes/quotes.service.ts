/**
 * Quotes: the customer's drafts, their list and counts, editing, and project images.
 * Who may touch a quote is decided by the quote policy (src/server/access/quote.policy.ts) before
 * any body is read; its methods take the quote the policy resolved. Status changes belong to the
 * lifecycle (quote-lifecycle.service.ts).
 */
import { postalCodeMessage } from '@/shared/schemas/postal-code';
import type { Db } from '@/server/db/client';
import { badRequest, notFound } from '@/server/lib/app-error';
import { QUOTE_PAGE_SIZE } from '@/shared/constants';
import { checkAnswers, type AnswerInput, type CategoryQuestion, type StoredAnswer } from '@/shared/schemas/questions';
import {
  QUOTE_NOT_DRAFT_MESSAGE,
  QUOTE_SERVICE_MESSAGE,
  QUOTE_ZIP_UNKNOWN_MESSAGE,
  notTakingRequestsMessage,
  tooManyCompaniesMessage,
  type CreateQuoteBody,
  type Quote,
  type QuoteJobFields,
  type QuoteList,
  type QuoteRules,
  type UpdateQuoteBody,
} from '@/shared/schemas/quote';
import { objectUrlOf, QUOTE_IMAGE_TYPES, QUOTE_IMAGE_TYPES_MESSAGE } from '@/shared/schemas/upload';
import type { ImagesService } from '../images/images.service';
import type { NamedSessionUser, SessionUser } from '../users/users.service';
import type { QuoteLifecycleService } from './quote-lifecycle.service';
import {
  checkJobFields,
  countQuoteImages,
  countQuotesByStatus,
  deleteQuoteImage,
  findCompaniesForQuote,
  findConversationForUser,
  findQuoteForUser,
  findQuoteCompanies,
  insertQuote,
  insertQuoteCompanies,
  insertQuoteImage,
  listQuoteImages,
  listQuotesOfUser,
  lockQuote,
  updateQuoteRow,
  type QuoteRow,
} from './quotes.repository';

export type { QuoteRow } from './quotes.repository';

/** The answers to store, or the first problem as a 400 naming its question. */
function answersOrRefusal(questions: CategoryQuestion[], given: AnswerInput[], requireAll: boolean): StoredAnswer[] {
  const checked = checkAnswers(questions, given, { requireAll });
  if (!checked.ok) throw badRequest(checked.problem.message, 'QUOTE_ANSWER_INVALID', checked.problem.field);
  return checked.stored;
}

export const MAX_QUOTE_IMAGES = 10;

/** Where quotes read the platform's cap on companies per request (modules/settings). */
export interface QuoteCompanyCap {
  maxCompaniesPerQuote(): Promise<number>;
}

/** Where quotes read the questions of a request's category (modules/categories). */
export interface QuoteQuestionsReader {
  listForCategory(categoryId: number | null): Promise<CategoryQuestion[]>;
}

export class QuotesService {
  constructor(
    private readonly db: Db,
    private readonly images: ImagesService,
    private readonly lifecycle: QuoteLifecycleService,
    private readonly companyCap: QuoteCompanyCap,
    private readonly questions: QuoteQuestionsReader,
  ) {}

  /** What the customer's selection keeps to (GET /api/quote-rules). */
  async rules(): Promise<QuoteRules> {
    return { maxCompaniesPerQuote: await this.companyCap.maxCompaniesPerQuote() };
  }

  /** The quote with the companies of it `userId` owns (for the quote policy); undefined when none. */
  findForUser(quoteId: number, userId: number) {
    return findQuoteForUser(this.db, quoteId, userId);
  }

  /** The same, with company `companyId` when it is one of the quote's (for the conversation policy). */
  findConversationForUser(quoteId: number, companyId: number, userId: number) {
    return findConversationForUser(this.db, quoteId, companyId, userId);
  }

  /** A draft owned by the caller, to active companies of one category. */
  async createDraft(user: SessionUser, body: CreateQuoteBody): Promise<Quote> {
    const ids = [...new Set(body.companyIds)];
    // How many pros compete for one request is capped by the platform (0 = no cap).
    const cap = await this.companyCap.maxCompaniesPerQuote();
    if (cap > 0 && ids.length > cap) throw badRequest(tooManyCompaniesMessage(cap), 'QUOTE_TOO_MANY_COMPANIES');
    const found = await findCompaniesForQuote(this.db, ids);
    if (found.length !== ids.length || found.some((c) => !c.isActive)) {
      throw badRequest('One of the selected companies is not available');
    }
    const paused = found.filter((c) => c.leadPause !== null);
    if (paused.length > 0) {
      throw badRequest(notTakingRequestsMessage(paused.map((c) => c.name)), 'COMPANY_NOT_TAKING_REQUESTS');
    }
    // An owner quoting their own business would pay coins to answer themself and count as a lead.
    if (found.some((c) => c.ownerId === user.id)) {
      throw badRequest('You cannot request a quote from your own business');
    }
    if (new Set(found.map((c) => c.categoryId)).size > 1) {
      throw badRequest('All companies in a quote must be in the same category');
    }
    const categoryId = found[0]?.categoryId ?? null;
    const job = await this.jobOf(body, categoryId);
    const answers = await this.draftAnswersOf(body.answers ?? [], categoryId);
    const quote = await this.db.transaction(async (tx) => {
      const row = await insertQuote(tx, {
        userId: user.id,
        quoteName: body.quoteName,
        description: body.description,
        status: 'draft',
        categoryId,
        answers,
        ...job,
      });
      await insertQuoteCompanies(tx, row.id, ids, body.source ?? null);
      return row;
    });
    // A job's place or service may leave companies out: read them as the draft's answer says it.
    if (job.zip || job.subcategoryId) return this.toQuote(quote, { images: [] });
    // Otherwise a new draft's companies are the ones just read, in the same order (none paused:
    // refused above); it has no images yet.
    const companiesOfQuote = found.map(({ id, name, logo, logoObjectId, city, state }) => ({
      id,
      name,
      logo,
      logoObjectId,
      city,
      state,
      leftOut: null,
    }));
    return this.toQuote(quote, { companies: companiesOfQuote, images: [] });
  }

  async list(user: SessionUser, page: number, pageSize: number, status: QuoteRow['status'] | undefined): Promise<QuoteList> {
    const [rows, byStatus] = await Promise.all([
      listQuotesOfUser(this.db, user.id, status, pageSize, (page - 1) * pageSize),
      countQuotesByStatus(this.db, user.id),
    ]);
    const counts = {
      draft: byStatus.draft ?? 0,
      in_progress: (byStatus.in_progress ?? 0) + (byStatus.submitted ?? 0),
      completed: byStatus.completed ?? 0,
      total: 0,
    };
    counts.total = counts.draft + counts.in_progress + counts.completed;
    const total = rows[0]?.total ?? (status ? (status === 'submitted' ? 0 : counts[status]) : counts.total);
    return {
      data: rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        quoteName: row.quote_name,
        description: row.description,
        status: row.status,
        createdAt: new Date(row.created_at).toISOString(),
        companyCount: row.company_count,
        unreadCount: row.unread_count,
      })),
      total,
      totalPages: Math.ceil(total / (pageSize || QUOTE_PAGE_SIZE)),
      counts,
    };
  }

  /**
   * The quote as its party may see it. A pro sees its own companies among those the request went
   * to and how many there were, never the others: who it competes with is not its business.
   */
  async get(party: { quote: QuoteRow; role: 'customer' | 'vendor'; companyIds: number[] }): Promise<Quote> {
    const answer = await this.toQuote(party.quote);
    if (party.role === 'customer') return answer;
    return { ...answer, companies: answer.companies.filter((company) => party.companyIds.includes(company.id)) };
  }

  async update(quote: QuoteRow, body: UpdateQuoteBody): Promise<Quote> {
    if (quote.status !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE, 'QUOTE_NOT_DRAFT');
    const job = await this.jobOf(body, quote.categoryId);
    // Answers left out of the body stay as saved.
    const answers = body.answers && (await this.draftAnswersOf(body.answers, quote.categoryId));
    const updated = await updateQuoteRow(this.db, quote.id, {
      quoteName: body.quoteName,
      description: body.description,
      ...job,
      ...(answers && { answers }),
    });
    return this.toQuote(updated);
  }

  /**
   * draft → in_progress (the lifecycle decides and notifies); says which companies were left out,
   * and why. Every required question must be answered by now, and the answers are stored again
   * with the questions' wording of this moment.
   */
  async submit(actor: NamedSessionUser, quote: QuoteRow, body: UpdateQuoteBody): Promise<Quote> {
    let answers: StoredAnswer[] | undefined;
    if (quote.status === 'draft') {
      await this.jobOf(body, quote.categoryId);
      answers = await this.submittedAnswersOf(quote, body.answers);
    }
    const { row, skipped } = await this.lifecycle.submit(actor, quote, body, answers);
    return { ...(await this.toQuote(row)), skippedCompanies: skipped };
  }

  async addImage(actor: SessionUser, quote: QuoteRow, bytes: Buffer) {
    const id = quote.id;
    if (quote.status !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE, 'QUOTE_NOT_DRAFT');
    // Cheap early refusal before the image is processed; the transaction below decides.
    const tooManyImages = `A quote can have at most ${MAX_QUOTE_IMAGES} images`;
    if ((await countQuoteImages(this.db, id)) >= MAX_QUOTE_IMAGES) throw badRequest(tooManyImages);
    const prepared = await this.images.prepare(
      bytes,
      { allowed: QUOTE_IMAGE_TYPES, typesMessage: QUOTE_IMAGE_TYPES_MESSAGE },
      'quote_image',
      actor.id,
    );
    try {
      // The limit is checked again where the row is written, under the quote's lock: without
      // it, fourteen parallel uploads all passed the check above and were all stored.
      const imageId = await this.db.transaction(async (tx) => {
        if ((await lockQuote(tx, id)) !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE, 'QUOTE_NOT_DRAFT');
        if ((await countQuoteImages(tx, id)) >= MAX_QUOTE_IMAGES) throw badRequest(tooManyImages);
        await this.images.record(tx, prepared);
        return insertQuoteImage(tx, id, prepared.answer.objectId);
      });
      return { id: imageId, objectUrl: prepared.answer.objectUrl, thumbnailUrl: prepared.answer.thumbnailUrl, caption: null };
    } catch (error) {
      await this.images.discard(prepared);
      throw error;
    }
  }

  async removeImage(quote: QuoteRow, imageId: number): Promise<void> {
    const id = quote.id;
    if (quote.status !== 'draft') throw badRequest(QUOTE_NOT_DRAFT_MESSAGE, 'QUOTE_NOT_DRAFT');
    const purge = await this.db.transaction(async (tx) => {
      const objectId = await deleteQuoteImage(tx, id, imageId);
      if (!objectId) throw notFound('Image not found');
      return this.images.deleteObject(tx, objectId);
    });
    await purge();
  }

  /**
   * The job's postal code and service as given, checked: a code the postal-code table knows (or,
   * where it lists only areas, whose area it knows: the area is then the job's place), a
   * subcategory of the quote's category. Only the fields the body names.
   */
  private async jobOf(body: QuoteJobFields, categoryId: number | null): Promise<QuoteJobFields> {
    const { knownZip, serviceInCategory } = await checkJobFields(this.db, body, categoryId);
    if (body.zip && !knownZip) throw badRequest(postalCodeMessage(QUOTE_ZIP_UNKNOWN_MESSAGE), 'QUOTE_ZIP_UNKNOWN', 'zip');
    if (!serviceInCategory) throw badRequest(QUOTE_SERVICE_MESSAGE, 'QUOTE_SERVICE_NOT_IN_CATEGORY', 'subcategoryId');
    return {
      ...(body.zip !== undefined && { zip: body.zip && knownZip }),
      ...(body.subcategoryId !== undefined && { subcategoryId: body.subcategoryId }),
    };
  }

  /**
   * A draft's answers, checked against its category's questions; none need be given yet, so a
   * draft that gives none does not read the questions.
   */
  private async draftAnswersOf(given: AnswerInput[], categoryId: number | null): Promise<StoredAnswer[]> {
    if (given.length === 0) return [];
    return answersOrRefusal(await this.questions.listForCategory(categoryId), given, false);
  }

  /**
   * The answers a request is sent with: the body's when it names them, else the draft's saved
   * ones. A saved answer to a question deleted since is dropped rather than blocking the request
   * (the customer cannot see it to fix it); one the body names is refused as any other.
   */
  private async submittedAnswersOf(quote: QuoteRow, given: AnswerInput[] | undefined): Promise<StoredAnswer[]> {
    const questions = await this.questions.listForCategory(quote.categoryId);
    const asked = new Set(questions.map((question) => question.id));
    const answers =
      given ??
      quote.answers.flatMap((saved) =>
        saved.questionId !== null && asked.has(saved.questionId) ? [{ questionId: saved.questionId, value: saved.value }] : [],
      );
    return answersOrRefusal(questions, answers, true);
  }

  /** The quote's answer; `known` spares the reads when the caller already holds them. */
  private async toQuote(
    row: QuoteRow,
    known?: { companies?: Awaited<ReturnType<typeof findQuoteCompanies>>; images: Awaited<ReturnType<typeof listQuoteImages>> },
  ): Promise<Quote> {
    const [quoteCompanies, images] = await Promise.all([
      known?.companies ?? findQuoteCompanies(this.db, row.id),
      known?.images ?? listQuoteImages(this.db, row.id),
    ]);
    return {
      id: row.id,
      userId: row.userId,
      quoteName: row.quoteName,
      description: row.description,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      categoryId: row.categoryId,
      zip: row.zip,
      subcategoryId: row.subcategoryId,
      companies: quoteCompanies,
      companyCount: quoteCompanies.length,
      answers: row.answers,
      outcome: row.outcome ?? null,
      images: images.map((image) => ({
        id: image.id,
        objectUrl: objectUrlOf(image.object_id),
        thumbnailUrl: image.thumbnail_id ? objectUrlOf(image.thumbnail_id) : null,
        caption: image.caption,
      })),
    };
  }
}
