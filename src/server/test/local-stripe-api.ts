/**
 * Stripe's payment-intent API as far as the app uses it (create, retrieve), on loopback, for the
 * Stripe driver's tests: this machine cannot reach Stripe. The official SDK talks to it over HTTP
 * exactly as it would to Stripe (form-encoded requests, JSON answers, idempotency keys);
 * `succeed(id)` plays the part of Stripe.js confirming the card in the browser.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
  livemode: false;
}

export class LocalStripeApi {
  readonly intents = new Map<string, LocalIntent>();
  private readonly byIdempotencyKey = new Map<string, LocalIntent>();
  port = 0;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const send = (status: number, body: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` })
          .end(JSON.stringify(body));
      const url = new URL(request.url ?? '/', 'http://local-stripe');
      if (request.headers.authorization !== 'Bearer sk_test_localpros') {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const key = String(request.headers['idempotency-key'] ?? '');
        const known = key ? this.byIdempotencyKey.get(key) : undefined;
        if (known) return send(200, known);
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const metadata: Record<string, string> = {};
        for (const [name, value] of form) {
          const match = name.match(/^metadata\[(.+)\]$/);
          if (match) metadata[match[1]] = value;
        }
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: LocalIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
          metadata,
          last_payment_error: null,
          livemode: false,
        };
        this.intents.set(id, intent);
        if (key) this.byIdempotencyKey.set(key, intent);
        return send(200, intent);
      }
      const match = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
      if (request.method === 'GET' && match) {
        const intent = this.intents.get(match[1]);
        if (!intent)
          return send(404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' },
          });
        return send(200, intent);
      }
      send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  succeed(id: string): LocalIntent {
    const intent = this.intents.get(id)!;
    intent.status = 'succeeded';
    return intent;
  }

  decline(id: string, message = 'Your card was declined.'): void {
    this.intents.get(id)!.last_payment_error = { message };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
