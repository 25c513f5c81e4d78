/**
 * Mail servers that misbehave the way real ones do, on loopback: one that accepts the connection
 * and never says a word, and one that answers only after a delay (a proxy in front of a real SMTP
 * server that holds each connection before passing it on).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export class StallingMailServer {
  /** Connections accepted so far, and those still open. */
  accepted = 0;
  private readonly sockets = new Set<net.Socket>();
  private readonly server: net.Server;

  /** `forwardTo` with `delayMs`: answer after the delay; without it, never answer. */
  constructor(private readonly options: { delayMs?: number; forwardTo?: number } = {}) {
    this.server = net.createServer((socket) => {
      this.accepted += 1;
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      socket.on('error', () => undefined);
      const { delayMs, forwardTo } = this.options;
      if (forwardTo === undefined) return; // a black hole: the greeting never comes
      socket.pause();
      const timer = setTimeout(() => {
        const upstream = net.connect({ port: forwardTo, host: '127.0.0.1' });
        upstream.on('error', () => socket.destroy());
        socket.on('close', () => upstream.destroy());
        upstream.on('close', () => socket.destroy());
        socket.pipe(upstream).pipe(socket);
        socket.resume();
      }, delayMs ?? 0);
      socket.once('close', () => clearTimeout(timer));
    });
  }

  get openConnections(): number {
    return this.sockets.size;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
