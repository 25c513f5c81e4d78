/**
 * The app's screens, as path patterns. The client's router declares the same screens (a unit test
 * holds the two together); the server answers 404 with the not-found screen and `noindex` for any
 * other path, so crawlers see no soft 404s.
 */
export const APP_PATHS = [
  '/',
  '/search',
  '/categories/:slug',
  '/companies/:id',
  '/profile',
  '/about',
  '/terms',
  '/privacy',
  '/safety',
  '/how-it-works',
  '/reset-password',
  '/verify-email',
  '/data-export',
  '/myquotes',
  '/quotes',
  '/quotes/:id/edit',
  '/vendorquotes',
  '/vendorquotes/:quoteId',
  '/vendor-quotes',
  '/vendor-quotes/:quoteId',
  '/admin',
  '/admin/users',
  '/admin/companies',
  '/admin/ratings',
  '/admin/quotes',
  '/admin/claims',
  '/admin/lead-reports',
  '/admin/credentials',
  '/admin/moderation',
  '/admin/categories',
  '/admin/platform-settings',
  '/admin/audit-log',
  '/admin/system',
  '/admin/texts',
  '/admin/analytics',
  '/upload-test',
  '/websocket-test',
] as const;

const PATTERNS = APP_PATHS.map((path) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\//g, '\\/')}\\/?$`));

/** Whether `pathname` (no query) names one of the app's screens; a trailing slash is allowed. */
export function isAppPath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
