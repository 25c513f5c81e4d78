/**
 * Limits on writes (docs/security.md, "Limits"): a route names its limit in its config
 * (`config: { rateLimit: 'messages' }`) and this hook counts the request before its body is read —
 * after the caller's identity and access were settled (onRequest), so "who" still comes first.
 * Signed-in callers are counted per account, anonymous ones per address; the count and the
 * refusal are one atomic step (lib/rate-limiter.ts), so parallel requests never pass the limit.
 * Only writes that happen count: a request answered with an error (a form to correct, a refusal
 * by another limit) hands its counts back before its answer leaves.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimiter, RateLimitSlot } from '@/server/lib/rate-limiter';
import { RATE_LIMITS, rateLimitRule, type RateLimitCounts, type RateLimitName } from '@/server/lib/rate-limits';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The named limit(s) every call of this route counts against (lib/rate-limits.ts). */
    rateLimit?: RateLimitName | readonly RateLimitName[];
  }
  interface FastifyInstance {
    writeLimits: WriteLimits;
  }
  interface FastifyRequest {
    /** Counts this request took, handed back if it fails. */
    rateLimitSlots: RateLimitSlot[] | null;
  }
}

export class WriteLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly counts: RateLimitCounts,
  ) {}

  /** Counts this request against `name`; throws 429 (with Retry-After) past the limit. */
  async hit(name: RateLimitName, request: FastifyRequest): Promise<void> {
    const perAccount = RATE_LIMITS[name].per === 'account' && request.user;
    const key = perAccount ? `user:${request.user!.id}` : `ip:${request.ip ?? 'unknown'}`;
    const slot = await this.limiter.hit(rateLimitRule(name, this.counts), key);
    (request.rateLimitSlots ??= []).push(slot);
  }

  /** Hands back what a failed request counted. */
  async refund(request: FastifyRequest): Promise<void> {
    const slots = request.rateLimitSlots ?? [];
    request.rateLimitSlots = null;
    await Promise.all(slots.map((slot) => this.limiter.refund(slot)));
  }
}

export const rateLimitsPlugin = fp<{ limiter: RateLimiter; counts: RateLimitCounts }>(
  async (app: FastifyInstance, { limiter, counts }) => {
    const limits = new WriteLimits(limiter, counts);
    app.decorate('writeLimits', limits);
    app.decorateRequest('rateLimitSlots', null);
    app.addHook('preParsing', async (request) => {
      const declared = request.routeOptions.config.rateLimit;
      if (!declared) return;
      for (const name of [declared].flat()) await limits.hit(name, request);
    });
    // Before the answer leaves, so a client that sees the error sees the count handed back too.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.rateLimitSlots && reply.statusCode >= 400) {
        await limits.refund(request).catch((error: unknown) => request.log.warn({ err: error }, 'rate limit refund failed'));
      }
      return payload;
    });
  },
  { name: 'rate-limits', dependencies: ['request-context'] },
);
