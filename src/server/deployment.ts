/**
 * How the deployment's settings (config.ts) become server options and start-up notices: the
 * proxy trust, where undelivered mail is kept, and the warnings an operator should read.
 */
import path from 'node:path';
import type { AppConfig, TrustProxy } from './config';

/**
 * Fastify's trustProxy for TRUST_PROXY: the proxies' addresses as they are, a hop count as "trust
 * the nearest N hops" (the address the outermost trusted proxy saw). Never `true`, which takes the
 * first X-Forwarded-For entry — the one the client writes.
 */
export function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Where the operator reads mail when there is no SMTP server: the start log prints the mailbox's
 * link with its key, the one way in besides an admin's session (modules/dev/dev-mailbox.routes.ts).
 */
export function devMailboxNotice(config: AppConfig, key: string): string {
  return (
    `no SMTP_URL: mail goes to the dev mailbox, open ${config.appUrl}/dev/mailbox?key=${key} ` +
    '(the key is kept in DATA_DIR/mailbox-key; a signed-in admin needs none; anyone else gets 404. ' +
    'Set SMTP_URL to send mail, NODE_ENV=production to remove the mailbox)'
  );
}

/**
 * A hop count trusts whoever connects to speak for the client: safe only when nothing but the
 * proxy can reach the app. Said at start when the app listens on every interface.
 */
export function trustProxyWarning(config: AppConfig): string | undefined {
  if (typeof config.trustProxy !== 'number' || !['0.0.0.0', '::'].includes(config.host)) return undefined;
  return (
    `TRUST_PROXY=${config.trustProxy} trusts the nearest ${config.trustProxy} hop(s) while HOST=${config.host} listens on every interface: ` +
    'a client that reaches the app directly can choose its own address for the rate limits. Set TRUST_PROXY to the ' +
    'proxy addresses (e.g. loopback, 10.0.0.0/8), or listen on HOST=127.0.0.1 behind a local proxy.'
  );
}

export function mailDirOf(config: AppConfig): string {
  return path.join(config.dataDir, 'mail');
}
