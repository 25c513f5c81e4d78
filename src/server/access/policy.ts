/**
 * One way to decide access to a thing. A route declares its access level (who may call
 * it at all: `config.access`, plugins/request-context.ts) and, when it acts on one resource, the
 * policy that decides whether this caller may act on this resource:
 *
 *   app.get('/api/quotes/:id', { config: { access: 'user', policy: policies.quote.party }, schema: { params } }, …)
 *
 * The policy runs before the body is read (so 401/403/404 never depend on it), on the params as
 * the route's own schema parses them, and hands the resource it loaded to the handler
 * (`resolved(request, policy)`), which passes it to the service: nothing is looked up twice.
 *
 * The policies, one file per kind of resource (each opens with who may do what), built in app.ts:
 * - quote.policy.ts   quote.party / .customer / .conversation: a quote, its images and messages
 *                     (the customer; the owners of its companies once it is submitted);
 * - company.policy.ts company.manage: editing a company, its logo, activation, lead log and photos
 *                     (its owner or an admin); resolves the company with its owner;
 * - user.policy.ts    user.account / .companies: changing an account, listing a user's companies
 *                     (the user themself or an admin); resolves the account row / the user's id;
 * - review.policy.ts  review.reviewer / .author / .companyOwner: writing a review (a customer who
 *                     sent the company a quote), editing or deleting one (its author or an admin),
 *                     replying (the reviewed company's owner); resolves the company / the review;
 * - object.policy.ts, payment.policy.ts, claim.policy.ts: the rules for a stored object, a payment
 *                     intent and a claim link, applied by their services (the object route is public,
 *                     an intent's id is in the body, a claim changes owner atomically).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z, ZodObject, type ZodType } from 'zod';
import { notFound } from '@/server/lib/app-error';
import { requireUser } from '@/server/plugins/request-context';
import type { NamedSessionUser } from '@/server/modules/users/users.service';

export interface Policy<Params = unknown, Resource = unknown> {
  /** For logs and the route table: 'quote.party', 'conversation.party', … */
  readonly name: string;
  /** The answer when the params name nothing that could exist (an id of 0, "abc"). */
  readonly notFoundMessage: string;
  /**
   * The params that name the resource (default `id`): one that cannot exist is the policy's 404;
   * any other malformed param (an image id beside the company's) is decided after the policy, by
   * the route's validation (400 with the schema's message).
   */
  readonly resourceParams?: readonly string[];
  /** Loads the resource and decides; throws 404 when there is none, 403 when it is not the caller's. */
  resolve(actor: NamedSessionUser, params: Params): Promise<Resource>;
}

export function definePolicy<Params, Resource>(policy: Policy<Params, Resource>): Policy<Params, Resource> {
  return policy;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Decides access to the one resource the route acts on (src/server/access/policy.ts). */
    policy?: Policy<never, unknown>;
  }
  interface FastifyRequest {
    /** What the route's policy resolved; read it with `resolved(request, policy)`. */
    resolvedResource: unknown;
  }
}

/** The resource the route's policy resolved; the policy argument types it and must be the route's. */
export function resolved<Resource>(request: FastifyRequest, policy: Policy<never, Resource>): Resource {
  if (request.routeOptions.config.policy !== policy) {
    throw new Error(`route ${request.routeOptions.url ?? ''} does not declare policy ${policy.name}`);
  }
  return request.resolvedResource as Resource;
}

async function decide(request: FastifyRequest): Promise<void> {
  const policy = request.routeOptions.config.policy;
  if (!policy) return;
  const actor = requireUser(request);
  const schema = request.routeOptions.schema?.params as ZodType | undefined;
  const names = policy.resourceParams ?? ['id'];
  let params = schema ? schema.safeParse(request.params) : { success: true as const, data: request.params };
  if (!params.success) {
    if (params.error.issues.some((failure) => names.includes(String(failure.path[0])))) throw notFound(policy.notFoundMessage);
    // Another param is malformed (an image id beside its company's): decide on the resource
    // alone, so a stranger still hears 403; the route's own validation then answers 400.
    const shape = schema instanceof ZodObject ? (schema.shape as Record<string, ZodType>) : {};
    const resourceOnly = z.object(Object.fromEntries(names.filter((name) => name in shape).map((name) => [name, shape[name]])));
    params = resourceOnly.safeParse(request.params);
    if (!params.success) throw notFound(policy.notFoundMessage);
  }
  // The route's schema parsed the params into the policy's own Params type.
  request.resolvedResource = await policy.resolve(actor, params.data as never);
}

/**
 * Adds the policy check to every route that declares one, after the app's own onRequest hooks
 * (session, access level) and before the route's, so "who" is settled before "what".
 */
export const accessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('resolvedResource', null);
    app.addHook('onRoute', (route) => {
      if (!route.config?.policy) return;
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [decide, ...own];
    });
  },
  { name: 'access' },
);
