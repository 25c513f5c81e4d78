/**
 * A real HTTP endpoint on loopback standing where SMS_URL points: the app posts JSON `{to, body}`
 * to it exactly as it would to an SMS gateway. `failing` answers 503 (a gateway outage).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedText {
  to: string;
  body: string;
}

export class SmsSink {
  readonly received: ReceivedText[] = [];
  failing = false;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (this.failing || request.method !== 'POST') {
        response.writeHead(503).end();
        return;
      }
      try {
        const text = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedText;
        this.received.push({ to: text.to, body: text.body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/texts`;
  }

  to(phone: string): ReceivedText[] {
    return this.received.filter((text) => text.to === phone);
  }

  async waitFor(phone: string, count = 1, timeoutMs = 30_000): Promise<ReceivedText[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.to(phone).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} text(s) to ${phone}, got ${this.to(phone).length}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.to(phone);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
