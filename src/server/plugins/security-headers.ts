/**
 * The security headers of every answer (helmet): a Content-Security-Policy that allows this
 * origin, plus Stripe's script, frames and API only when Stripe takes the payments; HSTS when the
 * app is served over HTTPS.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@/server/config';

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const stripe = Boolean(config.stripe);
  await app.register(fastifyHelmet, {
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
  });
}
