/**
 * What a log line may say about a request: its URL without the secrets
 * that travel in URLs — verification and reset tokens (?token=), claim ids (?cid= on the landing
 * page, /api/claims/{id} in the API), the dev mailbox's key (?key=) — and none of the secrets
 * bodies carry. Logs are read by operators, shipped to services and kept; a link in one is an
 * account takeover waiting.
 */
import type { FastifyRequest } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets. */
const SECRET_PARAMS = new Set(['token', 'cid', 'code', 'key', 'password', 'secret', 'client_secret', 'clientsecret']);
/** Path segments that are secrets: the claim id after /api/claims/. */
const SECRET_PATH = /^(\/api\/claims\/)[^/?#]+/i;

/** `url` (path and query, as in a request line) with every secret replaced by [redacted]. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeSafely(eq === -1 ? pair : pair.slice(0, eq)).toLowerCase();
      return SECRET_PARAMS.has(name) && eq !== -1 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Fastify's request serializer, with the URL redacted (the rest as Fastify logs it). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * pino paths never written, whatever object a log call is given: session and auth headers, and
 * the secrets of every form (passwords, tokens, card numbers) should a body ever be logged.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.token',
  '*.cardNumber',
  '*.clientSecret',
  'body.password',
  'body.token',
];
