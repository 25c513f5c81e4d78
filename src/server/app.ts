/**
 * buildApp(config, deps): the whole server — plugins, modules, error handling — without
 * listening, so that tests build exactly what production runs. The services themselves are built
 * by buildServices (services.ts); this file wires them to HTTP.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { knownMigrations } from './db/client';
import { echoRequestIds, loggerOptions, requestIdOf } from './lib/logging';
import { AppMetrics } from './platform/metrics/metrics';
import { registerMetrics } from './plugins/metrics';
import type { RateLimitName } from './lib/rate-limits';
import { authRoutes } from './modules/auth/auth.routes';
import { categoriesAdminRoutes } from './modules/categories/categories-admin.routes';
import { CategoriesAdminService } from './modules/categories/categories-admin.service';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { categoryQuestionsRoutes } from './modules/categories/category-questions.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { AdminDashboardService } from './modules/admin/admin-dashboard.service';
import { appConfigRoutes } from './modules/app-config/app-config.routes';
import { i18nRoutes } from './modules/i18n/i18n.routes';
import { textOverridesRoutes } from './modules/i18n/text-overrides.routes';
import { requestLanguage } from './modules/i18n/request-language';
import { translateEnglish } from './modules/i18n/translate-english';
import { coinsRoutes } from './modules/coins/coins.routes';
import { companiesAdminRoutes } from './modules/companies/companies-admin.routes';
import { CompaniesAdminService } from './modules/companies/companies-admin.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { insightRoutes } from './modules/insight/insight.routes';
import { InsightService } from './modules/insight/insight.service';
import { operatorAnalyticsRoutes } from './modules/insight/operator-analytics.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { offersRoutes } from './modules/offers/offers.routes';
import { hiresRoutes } from './modules/hires/hires.routes';
import { LeadReportsService } from './modules/leads/lead-reports.service';
import { companyHoursRoutes } from './modules/companies/company-hours.routes';
import { credentialsRoutes } from './modules/credentials/credentials.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { moderationPolicies } from './access/moderation.policy';
import { ModerationService } from './modules/moderation/moderation.service';
import { moderationRoutes } from './modules/moderation/moderation.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { rulesRoutes } from './modules/rules/rules.routes';
import { RulesService } from './modules/rules/rules.service';
import { devMailboxRoutes, loadOrCreateMailboxKey } from './modules/dev/dev-mailbox.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { GeoService } from './modules/geo/geo.service';
import { setOperatingCountry } from '@/shared/operating-country';
import { healthRoutes } from './modules/health/health.routes';
import { platformSettingsRoutes } from './modules/settings/platform-settings.routes';
import { claimsRoutes } from './modules/claims/claims.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { quotesAdminRoutes } from './modules/quotes/quotes-admin.routes';
import { QuotesAdminService } from './modules/quotes/quotes-admin.service';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { ratingsRoutes } from './modules/ratings/ratings.routes';
import { searchRoutes } from './modules/search/search.routes';
import { systemRoutes } from './modules/system/system.routes';
import { SystemService } from './modules/system/system.service';
import { seoRoutes } from './modules/seo/seo.routes';
import { SeoService } from './modules/seo/seo.service';
import { usersAdminRoutes } from './modules/users/users-admin.routes';
import { UsersAdminService } from './modules/users/users-admin.service';
import { usersRoutes } from './modules/users/users.routes';
import { devMailboxNotice, mailDirOf, trustProxyOption, trustProxyWarning } from './deployment';
import { periodicJobs } from './periodic-jobs';
import { buildServices, type AppServices, type ServiceDependencies } from './services';
import {
  answerClientError,
  answerFrameworkError,
  refusalText,
  registerErrorHandler,
  translateRefusals,
} from './plugins/error-handler';
import { registerSecurityHeaders } from './plugins/security-headers';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { accessPlugin } from './access/policy';
import { companyPolicies } from './access/company.policy';
import { quotePolicies } from './access/quote.policy';
import { reviewPolicies } from './access/review.policy';
import { userPolicies } from './access/user.policy';
import { requestContextPlugin } from './plugins/request-context';
import { createAppRenderer } from './plugins/server-render';
import { registerWebApp } from './plugins/web-app';

/** The services' dependencies, and what only the HTTP side needs. */
export interface AppDependencies extends ServiceDependencies {
  /** Directory of the built client; defaults to dist/client next to the project. */
  clientDir?: string;
  /** Where log lines go (standard output by default); tests read them here. */
  logStream?: NodeJS.WritableStream;
}

/** A route as registered, for the authorization matrix (src/server/authorization-matrix.test.ts). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: 'user' | 'verified' | 'admin' | undefined;
  /** The named write limits the route counts against. */
  rateLimits: readonly RateLimitName[];
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
    /** Every route the app registered, with its declared access level. */
    routeTable: readonly RegisteredRoute[];
  }
}

function findProjectRoot(): string {
  // src/server/app.ts and dist/server/main.js both sit two levels below the project root.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}

/** The version in package.json (beside dist/ in a production install, at the root of a checkout). */
function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(path.join(findProjectRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** How long a request waits for the catalogue's check before going on with the copy the node has. */
const CATALOGUE_CHECK_WAIT_MS = 250;

export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  // The shared schemas check postal codes by the operator's country.
  setOperatingCountry(config.country);
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, format: config.logFormat }, deps.logStream),
    genReqId: requestIdOf,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // Refused in the one error shape by the error handler's hook instead (plugins/error-handler.ts).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  echoRequestIds(app);
  const routeTable: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        const limits = route.config?.rateLimit;
        routeTable.push({ method, url: route.url, access: route.config?.access, rateLimits: limits ? [limits].flat() : [] });
      }
    }
  });
  app.decorate('routeTable', routeTable);

  const { database } = deps;
  const db = database.db;
  const services = await buildServices(config, deps, app.log);
  const proxyWarning = trustProxyWarning(config);
  if (proxyWarning) app.log.warn(proxyWarning);
  const { audit, auth, claims, coins, companies, companyEditing, events, hub, images, leadPreferences, limiter, mail } = services;
  const { notifications, outbox, platformSettings, quoteLifecycle, quotes, users } = services;
  app.decorate('services', services);
  // Refusals are written in English; each is answered in its request's language.
  translateRefusals(app, (request, text) =>
    translateEnglish(services.catalogue, requestLanguage(request, services.catalogue.offer), text),
  );
  // The catalogue's overrides and offered languages, as fresh as a second on every node; a failed
  // or slow check keeps the copy this node has, and the request goes on.
  app.addHook('onRequest', async (request) => {
    await services.catalogue
      .refreshWithin(CATALOGUE_CHECK_WAIT_MS)
      .catch((error: unknown) => request.log.warn({ err: error }, 'catalogue check failed'));
  });

  const secureCookies = config.appUrl.startsWith('https://');
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await registerSecurityHeaders(app, config);
  // Limits per route are set where a form is read (lib/multipart.ts); these are the outer bounds.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 40, fieldSize: 20_000, parts: 42 },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(requestContextPlugin, { config, auth: services.auth });
  await app.register(rateLimitsPlugin, { limiter, counts: config.rateLimits });
  await app.register(accessPlugin);
  const policies = {
    quote: quotePolicies(quotes),
    company: companyPolicies(companyEditing),
    user: userPolicies(users),
    review: reviewPolicies(services.ratings),
  };

  const metrics = new AppMetrics({
    pool: database.pool,
    outbox: () => outbox.summary(),
    jobs: () => services.jobs.list(),
    sockets: () => hub.connectionCount(),
    connections: () => new Promise((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count))),
    coins: () => coins.totalsByReason(),
  });
  await registerMetrics(app, metrics, config.metricsToken);

  let ready = false;
  await app.register(healthRoutes, { database, isReady: () => ready });
  await app.register(authRoutes, {
    auth: services.auth,
    secureCookies,
    languageOf: (request) => requestLanguage(request, services.catalogue.offer),
  });
  await app.register(usersRoutes, { users: services.users, policies: policies.user });
  await app.register(usersAdminRoutes, { usersAdmin: new UsersAdminService(db, auth, notifications, audit) });
  await app.register(categoriesRoutes, { categories: services.categories });
  await app.register(categoriesAdminRoutes, { categoriesAdmin: new CategoriesAdminService(db, audit) });
  await app.register(categoryQuestionsRoutes, { questions: services.categoryQuestions });
  await app.register(companiesRoutes, {
    companies,
    editing: companyEditing,
    photos: services.companyImages,
    policies: { company: policies.company, user: policies.user },
  });
  await app.register(credentialsRoutes, { credentials: services.credentials, policies: policies.company });
  await app.register(companyHoursRoutes, { hours: services.companyHours, policies: policies.company });
  await app.register(insightRoutes, { insight: new InsightService(db), policies: policies.company });
  await app.register(operatorAnalyticsRoutes, { analytics: services.operatorAnalytics });
  await app.register(companiesAdminRoutes, { companiesAdmin: new CompaniesAdminService(db, audit) });
  await app.register(imagesRoutes, { images });
  await app.register(coinsRoutes, { coins });
  await app.register(paymentsRoutes, { payments: services.payments });
  await app.register(claimsRoutes, { claims });
  await app.register(adminRoutes, { dashboard: new AdminDashboardService(db) });
  await app.register(platformSettingsRoutes, { settings: platformSettings });
  await app.register(auditRoutes, { audit });
  const instance = {
    version: packageVersion(),
    databaseKind: database.kind === 'postgres' ? ('postgres' as const) : ('embedded' as const),
    dataDir: config.dataDir,
    knownMigrations: knownMigrations().length,
  };
  await app.register(systemRoutes, { system: new SystemService(db, services.jobs, outbox, audit, instance) });
  await app.register(appConfigRoutes, {
    config,
    paymentProvider: services.payments.provider,
    offer: services.catalogue.offer,
    brand: () => services.catalogue.brand,
  });
  await app.register(i18nRoutes, { catalogue: services.catalogue });
  await app.register(textOverridesRoutes, { catalogue: services.catalogue });
  await app.register(searchRoutes, { search: services.search });
  await app.register(ratingsRoutes, { ratings: services.ratings, policies: policies.review });
  await app.register(favoritesRoutes, { favorites: services.favorites });
  await app.register(quotesRoutes, { quotes: services.quotes, policies: policies.quote });
  await app.register(quotesAdminRoutes, {
    quotes: new QuotesAdminService(db, images, audit, services.hires),
    lifecycle: quoteLifecycle,
  });
  await app.register(messagesRoutes, { messages: services.messages, policies: policies.quote });
  await app.register(offersRoutes, { offers: services.offers, policies: policies.quote });
  await app.register(hiresRoutes, { hires: services.hires, policies: policies.quote });
  await app.register(leadsRoutes, {
    preferences: leadPreferences,
    reports: new LeadReportsService(db, coins, notifications, audit, events, services.messages),
    policies: policies.company,
    quotePolicies: policies.quote,
  });
  const moderation = new ModerationService(db, config.appUrl, services.ratings, images, audit, notifications, services.events);
  await app.register(moderationRoutes, { moderation, policies: moderationPolicies(moderation) });
  await app.register(rulesRoutes, {
    rules: new RulesService(
      services.categories,
      platformSettings,
      config.analyticsRetentionDays,
      { outboxRetentionDays: config.outbox.retentionDays, dataExportLinkHours: config.dataExportLinkHours },
      () => services.catalogue.brand.name,
    ),
  });
  await app.register(privacyRoutes, { privacy: services.privacy, secureCookies });
  await app.register(geoRoutes, { geo: new GeoService(config.ipGeolocationUrl, app.log) });
  await app.register(realtimeRoutes, { hub, auth, appUrl: config.appUrl });
  const seo = new SeoService(
    db,
    config.appUrl,
    services.companies,
    services.categories,
    (language, text) => services.catalogue.translateEnglish(language, text),
    undefined,
    () => services.catalogue.brand.name,
  );
  await app.register(seoRoutes, { seo });
  // Mail that never left is readable at /dev/mailbox — only outside production and only while
  // no SMTP server is configured, because it shows every user's links.
  if (!config.isProduction && !config.smtpUrl && !deps.mail) {
    const key = loadOrCreateMailboxKey(config.dataDir);
    await app.register(devMailboxRoutes, { mailDir: mailDirOf(config), key, secureCookie: secureCookies });
    app.log.warn(devMailboxNotice(config, key));
  }

  const hasWebApp = await registerWebApp(app, deps.clientDir ?? path.join(findProjectRoot(), 'dist', 'client'), {
    renderHead: (url, language) => seo.renderPage(url, language),
    renderApp: createAppRenderer(app, services.catalogue),
    languages: {
      offered: () => services.catalogue.offer.languages,
      defaultLanguage: () => services.catalogue.offer.defaultLanguage,
      appUrl: config.appUrl,
      of: (request) => requestLanguage(request, services.catalogue.offer),
    },
    brand: () => services.catalogue.brand,
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ success: false, error: refusalText(request, 'Not found'), code: 'NOT_FOUND' });
  });
  if (!hasWebApp) app.log.debug('no built client found; serving the API only');

  // Periodic work: named jobs with their clock in the database (src/server/periodic-jobs.ts).
  for (const job of periodicJobs(services, database)) services.jobs.add(job);

  app.addHook('onReady', async () => {
    await events.start();
    outbox.start();
    services.activity.start();
    await services.jobs.start();
    ready = true;
  });
  app.addHook('onClose', async () => {
    ready = false;
    await services.jobs.stop();
    await services.activity.stop();
    hub.closeAll();
    await events.close();
    await outbox.stop();
    mail.close();
    images.store.close?.();
  });
  return app;
}
