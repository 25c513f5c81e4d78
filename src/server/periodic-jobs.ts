/**
 * Every periodic job of the product, run by platform/jobs/job-runner.ts: each states
 * what it does and how often, and answers what it did (shown to admins on /admin/system).
 */
import type { DatabaseHandle } from './db/client';
import { BUILD_EXPORTS_JOB } from './modules/privacy/privacy.service';
import type { Job } from './platform/jobs/job-runner';
import type { AppServices } from './services';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

export function periodicJobs(services: AppServices, database: DatabaseHandle): Job[] {
  const jobs: Job[] = [
    {
      // Open quotes (submitted or in progress) idle past the platform's timeout become completed.
      name: 'quotes.complete-idle',
      everySeconds: 10 * MINUTE,
      run: async () => {
        const done = await services.quoteLifecycle.completeInactive();
        return done === undefined ? 'another node held the sweep' : `${done.length} idle quotes completed`;
      },
    },
    {
      name: 'coins.refund-unread-replies',
      everySeconds: HOUR,
      run: async () => {
        const refunds = await services.refunds.refundUnreadReplies();
        return refunds === undefined ? 'another node held the sweep' : `${refunds.length} unread replies refunded`;
      },
    },
    {
      name: 'images.sweep-orphan-uploads',
      everySeconds: HOUR,
      run: async () => `${await services.images.sweepOrphanUploads()} unused uploads deleted`,
    },
    {
      name: 'companies.refresh-reply-times',
      everySeconds: HOUR,
      run: async () => {
        await services.companies.refreshResponsiveness();
        return 'reply times refreshed';
      },
    },
    {
      name: 'limits.prune-windows',
      everySeconds: HOUR,
      run: async () => `${await services.limiter.prune()} ended rate-limit windows deleted`,
    },
    {
      name: 'auth.prune-sessions-and-tokens',
      everySeconds: HOUR,
      run: () => services.auth.pruneExpired(),
    },
    {
      // What customers searched for is kept ANALYTICS_RETENTION_DAYS days (words and place, never who).
      name: 'insight.search-log-retention',
      everySeconds: HOUR,
      run: async () => `${await services.activity.forgetOldSearches()} searches past retention deleted`,
    },
    {
      // The operator's figures per day and category: the days not stored yet, and the last 30
      // again (a request's replies keep coming after its day).
      name: 'insight.daily-figures',
      everySeconds: HOUR,
      timeoutSeconds: HOUR,
      run: () => services.operatorAnalytics.rollUpDays(),
    },
    {
      // Hourly, so that a node down at midnight on Monday still sends the week's mails when it is
      // back; the outbox's dedupe key keeps it to one mail per owner and week.
      name: 'insight.weekly-summary',
      everySeconds: HOUR,
      timeoutSeconds: HOUR,
      run: () => services.weeklySummary.queueLastWeek(),
    },
    {
      // Verified credentials past their expiry date become expired (the owner is told); owners are
      // reminded once of those expiring within 30 days. Hourly, so a node down at midnight catches up.
      name: 'credentials.expire-and-remind',
      everySeconds: HOUR,
      run: () => services.credentials.expireAndRemind(),
    },
    {
      // A change of a company's name or owner took verified badges off (a trigger flags them): its
      // owner is told, once, within a minute, whichever path made the change.
      name: 'credentials.recheck-notices',
      everySeconds: MINUTE,
      run: () => services.credentials.sendRecheckNotices(),
    },
    {
      name: 'notifications.outbox-retention',
      everySeconds: HOUR,
      run: async () => `${await services.outbox.pruneSent()} sent notices past retention deleted`,
    },
    {
      // Copies of users' data they asked for: built, stored and mailed as a one-time link.
      name: BUILD_EXPORTS_JOB,
      everySeconds: MINUTE,
      timeoutSeconds: 15 * MINUTE,
      run: () => services.privacy.buildPendingExports(),
    },
    {
      // A data-export archive lives until its link is used or expires (DATA_EXPORT_LINK_HOURS).
      name: 'privacy.export-retention',
      everySeconds: 10 * MINUTE,
      run: () => services.privacy.pruneExports(),
    },
    {
      // Deleted accounts are erased at once; for a week this pass erases again whatever raced it.
      name: 'privacy.deleted-accounts-sweep',
      everySeconds: HOUR,
      run: () => services.privacy.sweepDeletedAccounts(),
    },
  ];
  if (database.kind !== 'postgres') {
    jobs.push({
      // PGlite has no autovacuum: without this, deleted rows pile up and the planner's statistics
      // go stale (ARCHITECTURE.md: the GIN index is then not used).
      name: 'db.vacuum-analyze',
      everySeconds: DAY,
      timeoutSeconds: HOUR,
      run: async () => {
        await database.pool.query('VACUUM ANALYZE');
        return 'embedded database vacuumed and analyzed';
      },
    });
  }
  return jobs;
}
