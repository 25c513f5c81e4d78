/**
 * buildServices(config, deps, log): every service of the app, built once and wired to each other.
 * It knows nothing of HTTP: buildApp (app.ts) registers routes and plugins on what it returns, and
 * the periodic jobs (periodic-jobs.ts) run on it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { plainReads, preparedReads } from './db/prepared-reads';
import { mailDirOf } from './deployment';
import { RateLimiter } from './lib/rate-limiter';
import { AuditService } from './modules/audit/audit.service';
import { CatalogueService } from './modules/i18n/catalogue.service';
import { AuthService } from './modules/auth/auth.service';
import { CategoriesService } from './modules/categories/categories.service';
import { CategoryQuestionsService } from './modules/categories/category-questions.service';
import { ClaimsService } from './modules/claims/claims.service';
import { CoinsService } from './modules/coins/coins.service';
import { ReplyRefundsService } from './modules/coins/reply-refunds.service';
import { CompaniesService } from './modules/companies/companies.service';
import { CompanyEditingService } from './modules/companies/company-editing.service';
import { CompanyImagesService } from './modules/companies/company-images.service';
import { CompanyHoursService } from './modules/companies/company-hours.service';
import { CredentialsService } from './modules/credentials/credentials.service';
import { FavoritesService } from './modules/favorites/favorites.service';
import { HiresService } from './modules/hires/hires.service';
import { ActivityCounter } from './modules/insight/activity-counter';
import { OperatorAnalyticsService } from './modules/insight/operator-analytics.service';
import { WeeklySummaryService } from './modules/insight/weekly-summary.service';
import { ImagesService } from './modules/images/images.service';
import { LeadPreferencesService } from './modules/leads/lead-preferences.service';
import { MessagesService } from './modules/messages/messages.service';
import { NotificationsService } from './modules/notifications/notifications.service';
import { OffersService } from './modules/offers/offers.service';
import { messageIdDomain, OutboxWorker } from './modules/notifications/outbox.service';
import { createPaymentProvider, describePaymentProvider } from './modules/payments/create-payment-provider';
import type { PaymentProvider } from './modules/payments/payment-provider';
import { PaymentsService } from './modules/payments/payments.service';
import { QuoteLifecycleService } from './modules/quotes/quote-lifecycle.service';
import { QuotesService } from './modules/quotes/quotes.service';
import { RatingsService } from './modules/ratings/ratings.service';
import { RealtimeHub } from './modules/realtime/realtime.hub';
import { SearchService } from './modules/search/search.service';
import { BUILD_EXPORTS_JOB, PrivacyService } from './modules/privacy/privacy.service';
import { PlatformSettingsService } from './modules/settings/platform-settings.service';
import { UsersService } from './modules/users/users.service';
import { LocalEventBus, PostgresEventBus, type EventBus } from './platform/events/event-bus';
import { JobRunner } from './platform/jobs/job-runner';
import { createMailboxTransport, createSmtpTransport, type MailTransport } from './platform/mail/mail-transport';
import { createObjectStore } from './platform/objects/create-object-store';
import type { ObjectStore } from './platform/objects/object-store';
import { createDevSmsTransport, createHttpSmsTransport, type SmsTransport } from './platform/sms/sms-transport';

/** What the services stand on; buildApp's own dependencies add what only the HTTP side needs. */
export interface ServiceDependencies {
  database: DatabaseHandle;
  /**
   * A read replica (DATABASE_REPLICA_URL): company listings (search, category pages) read from it,
   * the heaviest public reads, where a second of replication lag is harmless. Everything else uses
   * `database`.
   */
  replica?: DatabaseHandle;
  /** Defaults to SMTP when SMTP_URL is set, else the dev mailbox. */
  mail?: MailTransport;
  /** Defaults to the store OBJECT_STORE names. */
  objects?: ObjectStore;
  /** Defaults to what PAYMENTS_PROVIDER chooses (config.ts). */
  payments?: PaymentProvider;
  /**
   * Hot reads as named prepared statements on PostgreSQL (db/prepared-reads.ts); on unless false,
   * which only the bench sets, to measure in the same run what they save.
   */
  prepareStatements?: boolean;
  /**
   * The time the write limits count by (milliseconds, as Date.now). Tests move it to the start of
   * a window instead of waiting for one; the app always uses the real clock.
   */
  limiterClock?: () => number;
}

export interface AppServices {
  auth: AuthService;
  users: UsersService;
  companies: CompaniesService;
  companyEditing: CompanyEditingService;
  companyImages: CompanyImagesService;
  /** Licences and insurances, their decisions and their expiry (a periodic job). */
  credentials: CredentialsService;
  companyHours: CompanyHoursService;
  images: ImagesService;
  coins: CoinsService;
  categories: CategoriesService;
  categoryQuestions: CategoryQuestionsService;
  search: SearchService;
  ratings: RatingsService;
  favorites: FavoritesService;
  quotes: QuotesService;
  quoteLifecycle: QuoteLifecycleService;
  messages: MessagesService;
  offers: OffersService;
  hires: HiresService;
  claims: ClaimsService;
  audit: AuditService;
  /** The catalogue with the operator's overrides, and the languages offered. */
  catalogue: CatalogueService;
  payments: PaymentsService;
  refunds: ReplyRefundsService;
  notifications: NotificationsService;
  platformSettings: PlatformSettingsService;
  leadPreferences: LeadPreferencesService;
  events: EventBus;
  outbox: OutboxWorker;
  hub: RealtimeHub;
  limiter: RateLimiter;
  jobs: JobRunner;
  /** Listing appearances and searches, counted in memory and written in batches. */
  activity: ActivityCounter;
  /** The operator's figures, from the daily roll-ups and today's live part. */
  operatorAnalytics: OperatorAnalyticsService;
  /** The company owners' weekly mail (a periodic job). */
  weeklySummary: WeeklySummaryService;
  /** Personal data: the copy of a user's data, deleting an account, and their retention. */
  privacy: PrivacyService;
  mail: MailTransport;
  sms: SmsTransport;
}

/** Builds the services in dependency order; `log` is the app's logger, shared by the workers. */
export async function buildServices(config: AppConfig, deps: ServiceDependencies, log: FastifyBaseLogger): Promise<AppServices> {
  const { database } = deps;
  const db = database.db;
  const mail =
    deps.mail ??
    (config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, config.mailFrom, config.outbox.sendTimeoutSeconds * 1000)
      : createMailboxTransport(mailDirOf(config), config.mailFrom, (line) => log.info(line)));
  const sms = config.smsUrl
    ? createHttpSmsTransport(config.smsUrl)
    : createDevSmsTransport(mailDirOf(config), (line) => log.info(line));
  const limiter = new RateLimiter(db, { prepareStatements: database.kind === 'postgres', now: deps.limiterClock });
  const outbox = new OutboxWorker(db, mail, sms, log, { ...config.outbox, messageDomain: messageIdDomain(config.mailFrom) });
  const hub = new RealtimeHub();
  // Several app nodes on one PostgreSQL hear each other's events; the embedded database is one node.
  const events: EventBus = database.kind === 'postgres' ? new PostgresEventBus(database.pool, hub, log) : new LocalEventBus(hub);
  const audit = new AuditService(db);
  const catalogue = new CatalogueService(db, audit, { defaultLanguage: config.defaultLanguage, languages: config.languages });
  const images = new ImagesService(db, deps.objects ?? (await createObjectStore(config.objectStore)));
  const platformSettings = new PlatformSettingsService(db, audit, images, () => catalogue.reload());
  const notifications = new NotificationsService(config.appUrl, outbox, platformSettings, (language) =>
    catalogue.wordsFor(language),
  );
  const readsOf = (handle: DatabaseHandle) => (deps.prepareStatements === false ? plainReads(handle.db) : preparedReads(handle));
  const companies = new CompaniesService(db, { reads: readsOf(database) });
  // Listing appearances and searches are written to the primary, whichever database listings read.
  const activity = new ActivityCounter(db, log, { retentionDays: config.analyticsRetentionDays });
  // Company listings (search, category pages) may come from a replica; category details and the
  // rest read the primary, so an admin's edit shows at once.
  const listings = deps.replica ? new CompaniesService(deps.replica.db, { reads: readsOf(deps.replica) }) : companies;
  const jobs = new JobRunner(db, log);
  const coins = new CoinsService(db, config.launchCoins);
  const claims = new ClaimsService(db, coins, events, audit);
  const leadPreferences = new LeadPreferencesService(db, audit);
  const messages = new MessagesService(db, images, events, notifications, coins, leadPreferences);
  const hires = new HiresService(db, messages, notifications, events, config.locale);
  const quoteLifecycle = new QuoteLifecycleService(db, claims, notifications, audit, platformSettings, leadPreferences, hires);
  const categoryQuestions = new CategoryQuestionsService(db, audit);
  const quotes = new QuotesService(db, images, quoteLifecycle, platformSettings, categoryQuestions);
  const paymentProvider = deps.payments ?? (await createPaymentProvider(config, db));
  log.info(describePaymentProvider(config, paymentProvider));
  const companyEditing = new CompanyEditingService(db, companies, images, coins, audit);
  const users = new UsersService(db, audit, catalogue.offer);
  const auth = new AuthService(db, config, limiter, outbox, events, users, (language) => catalogue.wordsFor(language));
  return {
    auth,
    users,
    companies,
    companyEditing,
    companyImages: new CompanyImagesService(db, companyEditing, images),
    credentials: new CredentialsService(db, images, audit, outbox, notifications, config.appUrl),
    companyHours: new CompanyHoursService(db, companyEditing),
    images,
    coins,
    categories: new CategoriesService(db, listings, activity),
    categoryQuestions,
    search: new SearchService(deps.replica?.db ?? db, listings, activity, {
      country: config.country,
      distanceUnit: config.distanceUnit,
    }),
    activity,
    operatorAnalytics: new OperatorAnalyticsService(db, config.currency),
    ratings: new RatingsService(db, audit),
    favorites: new FavoritesService(db),
    quotes,
    quoteLifecycle,
    messages,
    offers: new OffersService(messages, events, db, config.currency),
    hires,
    claims,
    audit,
    catalogue,
    payments: new PaymentsService(db, paymentProvider, config.coinPackages, events, coins, {
      locale: config.locale,
      currency: config.currency,
    }),
    refunds: new ReplyRefundsService(db, notifications, events, coins),
    notifications,
    platformSettings,
    leadPreferences,
    events,
    outbox,
    hub,
    limiter,
    jobs,
    privacy: new PrivacyService(
      db,
      images.store,
      outbox,
      events,
      limiter,
      audit,
      {
        appUrl: config.appUrl,
        linkHours: config.dataExportLinkHours,
        rateLimits: config.rateLimits,
        wordsFor: (language) => catalogue.wordsFor(language),
        siteName: () => catalogue.brand.name,
      },
      () =>
        void jobs.runNow(BUILD_EXPORTS_JOB).catch((error: unknown) => log.warn({ err: error }, 'data export job not started')),
    ),
    weeklySummary: new WeeklySummaryService(db, outbox, {
      appUrl: config.appUrl,
      locale: config.locale,
      outboxRetentionDays: config.outbox.retentionDays,
      wordsFor: (language) => catalogue.wordsFor(language),
    }),
    mail,
    sms,
  };
}
