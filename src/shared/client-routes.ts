/**
 * The screens of the route table (001 §2). The server answers these with the app and status 200;
 * any other path gets the app's not-found screen with status 404.
 */
export const CLIENT_ROUTE_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/search$/,
  /^\/categories\/[^/]+$/,
  /^\/companies\/[^/]+$/,
  /^\/quotes$/,
  /^\/quotes\/[^/]+\/edit$/,
  /^\/myquotes$/,
  /^\/profile$/,
  /^\/vendorquotes(\/[^/]+)?$/,
  /^\/vendor-quotes$/,
  /^\/admin(\/(users|companies|ratings|quotes|claims|categories|platform-settings|audit-log))?$/,
  /^\/upload-test$/,
  /^\/websocket-test$/,
  /^\/(about|terms|privacy|safety)$/,
  /^\/reset-password$/,
  /^\/verify-email$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTE_PATTERNS.some((pattern) => pattern.test(path));
}
