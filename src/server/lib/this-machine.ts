/**
 * "Asked from this machine": a request whose TCP peer is the loopback, that no proxy forwarded,
 * addressed to a loopback host name (so that a page on another site cannot reach it by DNS
 * rebinding). What the dev mailbox and /metrics are served to without credentials. A proxy on
 * the same machine is a loopback peer too, which is why any forwarding header counts against.
 */
import type { FastifyRequest } from 'fastify';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host'];

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** From this machine, by its own peer address: forwarded headers never count for it, only against it. */
export function isFromThisMachine(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.raw.socket.remoteAddress)) return false;
  if (FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined)) return false;
  const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(host);
}
