/**
 * The security headers of every answer (helmet): a Content-Security-Policy that allows this
 * origin, plus Stripe's script, frames and API only when Stripe takes the payments; HSTS when the
 * app is served over HTTPS.
 *
 * They depend on the configuration only, so helmet writes them once at start and each answer
 * gets a copy: the Fastify plugin built helmet's middleware anew for every request (parsing the
 * policy each time), about 2% of a company page's CPU in the bench's profile.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '@/server/config';

/** The headers helmet sets for these options (it sets them the same way on every response). */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    finished = true;
  });
  if (!finished || failure) throw new Error('helmet could not write its headers', { cause: failure });
  return headers;
}

/**
 * The policy with a per-answer nonce added to `script-src`, for a page the server rendered: React
 * may write an inline script there, and only one carrying this nonce runs.
 */
export function withScriptNonce(policy: string, nonce: string): string {
  return policy.replace(/(^|;)\s*script-src\b/, (directive) => `${directive} 'nonce-${nonce}'`);
}

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const headers = securityHeadersOf(helmetOptions(config));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function helmetOptions(config: AppConfig): HelmetOptions {
  const stripe = Boolean(config.stripe);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its card frames, only when Stripe takes the payments.
        scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
        // Radix and sonner position elements with style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(stripe ? ['https://api.stripe.com'] : [])],
        frameSrc: [
          "'self'",
          'https://www.google.com',
          'https://maps.google.com',
          ...(stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : []),
        ],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    // The embedded map and images from other hosts need these relaxed.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    hsts: config.appUrl.startsWith('https://'),
  };
}
